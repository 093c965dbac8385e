package java.util;

/**
 * Model of java.util.ArrayList (JDK 17): the same observable behaviour for
 * the methods declared here (results, exceptions and their types, calls of
 * equals in the same order, modCount and the concurrent-modification checks
 * of iterators and sub-lists), with plain loops instead of System.arraycopy
 * and a simpler growth policy (capacity is not observable). Methods not
 * declared here are the JDK's, called without analysis.
 */
public class ArrayList<E> extends AbstractList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    transient Object[] elementData;
    private int size;

    public ArrayList(int initialCapacity) {
        if (initialCapacity < 0)
            throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        elementData = new Object[initialCapacity];
    }

    public ArrayList() {
        elementData = new Object[0];
    }

    public ArrayList(Collection<? extends E> c) {
        Object[] a = c.toArray();
        elementData = new Object[a.length];
        for (int i = 0; i < a.length; i++)
            elementData[i] = a[i];
        size = a.length;
    }

    private void grow(int minCapacity) {
        int capacity = elementData.length * 2;
        if (capacity < minCapacity)
            capacity = minCapacity;
        if (capacity < 10)
            capacity = 10;
        Object[] bigger = new Object[capacity];
        for (int i = 0; i < size; i++)
            bigger[i] = elementData[i];
        elementData = bigger;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public int indexOf(Object o) {
        if (o == null) {
            for (int i = 0; i < size; i++)
                if (elementData[i] == null)
                    return i;
        } else {
            for (int i = 0; i < size; i++)
                if (o.equals(elementData[i]))
                    return i;
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        if (o == null) {
            for (int i = size - 1; i >= 0; i--)
                if (elementData[i] == null)
                    return i;
        } else {
            for (int i = size - 1; i >= 0; i--)
                if (o.equals(elementData[i]))
                    return i;
        }
        return -1;
    }

    public Object[] toArray() {
        Object[] a = new Object[size];
        for (int i = 0; i < size; i++)
            a[i] = elementData[i];
        return a;
    }

    static void checkIndex(int index, int length) {
        if (index < 0 || index >= length)
            throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
    }

    @SuppressWarnings("unchecked")
    E elementData(int index) {
        return (E) elementData[index];
    }

    public E get(int index) {
        checkIndex(index, size);
        return elementData(index);
    }

    public E set(int index, E element) {
        checkIndex(index, size);
        E oldValue = elementData(index);
        elementData[index] = element;
        return oldValue;
    }

    public boolean add(E e) {
        modCount++;
        if (size == elementData.length)
            grow(size + 1);
        elementData[size] = e;
        size = size + 1;
        return true;
    }

    public void add(int index, E element) {
        if (index > size || index < 0)
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
        modCount++;
        if (size == elementData.length)
            grow(size + 1);
        for (int i = size; i > index; i--)
            elementData[i] = elementData[i - 1];
        elementData[index] = element;
        size = size + 1;
    }

    public E remove(int index) {
        checkIndex(index, size);
        E oldValue = elementData(index);
        fastRemove(index);
        return oldValue;
    }

    public boolean remove(Object o) {
        int i = 0;
        found: {
            if (o == null) {
                for (; i < size; i++)
                    if (elementData[i] == null)
                        break found;
            } else {
                for (; i < size; i++)
                    if (o.equals(elementData[i]))
                        break found;
            }
            return false;
        }
        fastRemove(i);
        return true;
    }

    private void fastRemove(int i) {
        modCount++;
        int newSize = size - 1;
        for (int k = i; k < newSize; k++)
            elementData[k] = elementData[k + 1];
        elementData[newSize] = null;
        size = newSize;
    }

    public void clear() {
        modCount++;
        for (int i = 0; i < size; i++)
            elementData[i] = null;
        size = 0;
    }

    public boolean addAll(Collection<? extends E> c) {
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0)
            return false;
        if (numNew > elementData.length - size)
            grow(size + numNew);
        for (int i = 0; i < numNew; i++)
            elementData[size + i] = a[i];
        size = size + numNew;
        return true;
    }

    public Iterator<E> iterator() {
        return new Itr();
    }

    private class Itr implements Iterator<E> {
        int cursor;
        int lastRet = -1;
        int expectedModCount = modCount;

        Itr() {
        }

        public boolean hasNext() {
            return cursor != size;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            checkForComodification();
            int i = cursor;
            if (i >= size)
                throw new NoSuchElementException();
            Object[] data = ArrayList.this.elementData;
            if (i >= data.length)
                throw new ConcurrentModificationException();
            cursor = i + 1;
            lastRet = i;
            return (E) data[i];
        }

        public void remove() {
            if (lastRet < 0)
                throw new IllegalStateException();
            checkForComodification();
            try {
                ArrayList.this.remove(lastRet);
                cursor = lastRet;
                lastRet = -1;
                expectedModCount = modCount;
            } catch (IndexOutOfBoundsException ex) {
                throw new ConcurrentModificationException();
            }
        }

        final void checkForComodification() {
            if (modCount != expectedModCount)
                throw new ConcurrentModificationException();
        }
    }

    static void subListRangeCheck(int fromIndex, int toIndex, int size) {
        if (fromIndex < 0)
            throw new IndexOutOfBoundsException("fromIndex = " + fromIndex);
        if (toIndex > size)
            throw new IndexOutOfBoundsException("toIndex = " + toIndex);
        if (fromIndex > toIndex)
            throw new IllegalArgumentException("fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
    }

    public List<E> subList(int fromIndex, int toIndex) {
        subListRangeCheck(fromIndex, toIndex, size);
        return new SubList<>(this, fromIndex, toIndex);
    }

    /** A view of a range of the root list (JDK 17's ArrayList.SubList). */
    private static class SubList<E> extends AbstractList<E> implements RandomAccess {
        private final ArrayList<E> root;
        private final SubList<E> parent;
        private final int offset;
        private int size;

        SubList(ArrayList<E> root, int fromIndex, int toIndex) {
            this.root = root;
            this.parent = null;
            this.offset = fromIndex;
            this.size = toIndex - fromIndex;
            this.modCount = root.modCount;
        }

        private SubList(SubList<E> parent, int fromIndex, int toIndex) {
            this.root = parent.root;
            this.parent = parent;
            this.offset = parent.offset + fromIndex;
            this.size = toIndex - fromIndex;
            this.modCount = parent.modCount;
        }

        public E set(int index, E element) {
            checkIndex(index, size);
            checkForComodification();
            E oldValue = root.elementData(offset + index);
            root.elementData[offset + index] = element;
            return oldValue;
        }

        public E get(int index) {
            checkIndex(index, size);
            checkForComodification();
            return root.elementData(offset + index);
        }

        public int size() {
            checkForComodification();
            return size;
        }

        public void add(int index, E element) {
            if (index < 0 || index > this.size)
                throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + this.size);
            checkForComodification();
            root.add(offset + index, element);
            updateSizeAndModCount(1);
        }

        public E remove(int index) {
            checkIndex(index, size);
            checkForComodification();
            E result = root.remove(offset + index);
            updateSizeAndModCount(-1);
            return result;
        }

        public Iterator<E> iterator() {
            checkForComodification();
            return new SubItr();
        }

        private class SubItr implements Iterator<E> {
            int cursor = 0;
            int lastRet = -1;
            int expectedModCount = root.modCount;

            SubItr() {
            }

            public boolean hasNext() {
                return cursor != SubList.this.size;
            }

            @SuppressWarnings("unchecked")
            public E next() {
                checkForComodification();
                int i = cursor;
                if (i >= SubList.this.size)
                    throw new NoSuchElementException();
                Object[] data = root.elementData;
                if (offset + i >= data.length)
                    throw new ConcurrentModificationException();
                cursor = i + 1;
                lastRet = i;
                return (E) data[offset + i];
            }

            public void remove() {
                if (lastRet < 0)
                    throw new IllegalStateException();
                checkForComodification();
                try {
                    SubList.this.remove(lastRet);
                    cursor = lastRet;
                    lastRet = -1;
                    expectedModCount = root.modCount;
                } catch (IndexOutOfBoundsException ex) {
                    throw new ConcurrentModificationException();
                }
            }

            final void checkForComodification() {
                if (root.modCount != expectedModCount)
                    throw new ConcurrentModificationException();
            }
        }

        public List<E> subList(int fromIndex, int toIndex) {
            subListRangeCheck(fromIndex, toIndex, size);
            return new SubList<>(this, fromIndex, toIndex);
        }

        private void checkForComodification() {
            if (root.modCount != modCount)
                throw new ConcurrentModificationException();
        }

        private void updateSizeAndModCount(int sizeChange) {
            SubList<E> slist = this;
            do {
                slist.size += sizeChange;
                slist.modCount = root.modCount;
                slist = slist.parent;
            } while (slist != null);
        }
    }

    // The JDK's methods, not analysed (see AbstractCollection).
    public native <T> T[] toArray(T[] a);

    public native boolean addAll(int index, Collection<? extends E> c);

    public native boolean removeAll(Collection<?> c);

    public native boolean retainAll(Collection<?> c);

    public native ListIterator<E> listIterator();

    public native ListIterator<E> listIterator(int index);

    public native boolean equals(Object o);

    public native int hashCode();

    public native Object clone();

    public native void trimToSize();

    public native void ensureCapacity(int minCapacity);

    public native void forEach(java.util.function.Consumer<? super E> action);

    public native boolean removeIf(java.util.function.Predicate<? super E> filter);

    public native void replaceAll(java.util.function.UnaryOperator<E> operator);

    public native void sort(Comparator<? super E> c);

    public native Spliterator<E> spliterator();

    protected native void removeRange(int fromIndex, int toIndex);
}
