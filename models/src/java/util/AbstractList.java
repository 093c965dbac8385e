package java.util;

/**
 * Model of java.util.AbstractList: modCount, the index-based defaults and
 * the iterator (with the JDK's concurrent-modification checks: a loop that
 * changes the list it iterates ends with ConcurrentModificationException,
 * as on the JVM). subList, listIterator, equals and hashCode are the JDK's.
 */
public abstract class AbstractList<E> extends AbstractCollection<E> implements List<E> {
    protected transient int modCount = 0;

    protected AbstractList() {
    }

    public boolean add(E e) {
        add(size(), e);
        return true;
    }

    public abstract E get(int index);

    public E set(int index, E element) {
        throw new UnsupportedOperationException();
    }

    public void add(int index, E element) {
        throw new UnsupportedOperationException();
    }

    public E remove(int index) {
        throw new UnsupportedOperationException();
    }

    public Iterator<E> iterator() {
        return new Itr();
    }

    private class Itr implements Iterator<E> {
        int cursor = 0;
        int lastRet = -1;
        int expectedModCount = modCount;

        Itr() {
        }

        public boolean hasNext() {
            return cursor != size();
        }

        public E next() {
            checkForComodification();
            try {
                int i = cursor;
                E next = get(i);
                lastRet = i;
                cursor = i + 1;
                return next;
            } catch (IndexOutOfBoundsException e) {
                checkForComodification();
                throw new NoSuchElementException(e);
            }
        }

        public void remove() {
            if (lastRet < 0)
                throw new IllegalStateException();
            checkForComodification();
            try {
                AbstractList.this.remove(lastRet);
                if (lastRet < cursor)
                    cursor--;
                lastRet = -1;
                expectedModCount = modCount;
            } catch (IndexOutOfBoundsException e) {
                throw new ConcurrentModificationException();
            }
        }

        final void checkForComodification() {
            if (modCount != expectedModCount)
                throw new ConcurrentModificationException();
        }
    }

    // The JDK's methods, not analysed (see AbstractCollection).
    public native int indexOf(Object o);

    public native int lastIndexOf(Object o);

    public native void clear();

    public native boolean addAll(int index, Collection<? extends E> c);

    public ListIterator<E> listIterator() {
        return listIterator(0);
    }

    public native ListIterator<E> listIterator(int index);

    public native List<E> subList(int fromIndex, int toIndex);

    public native boolean equals(Object o);

    public native int hashCode();

    protected native void removeRange(int fromIndex, int toIndex);
}
