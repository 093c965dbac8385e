package java.util;

/**
 * Model of java.util.ArrayList (JDK 17): the JDK's fields, growth policy,
 * results, exceptions (types and messages), calls of equals in the same
 * order, modCount and the concurrent-modification checks of iterators and
 * sub-lists; plain loops instead of System.arraycopy and Arrays.copyOf (the
 * same effect). Methods declared native are the JDK's, not analysed.
 */
public class ArrayList<E> extends AbstractList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    private static final int DEFAULT_CAPACITY = 10;
    private static final Object[] EMPTY_ELEMENTDATA = {};
    private static final Object[] DEFAULTCAPACITY_EMPTY_ELEMENTDATA = {};
    private static final int SOFT_MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    transient Object[] elementData;
    private int size;

    public ArrayList(int initialCapacity) {
        if (initialCapacity > 0) {
            this.elementData = new Object[initialCapacity];
        } else if (initialCapacity == 0) {
            this.elementData = EMPTY_ELEMENTDATA;
        } else {
            throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        }
    }

    public ArrayList() {
        this.elementData = DEFAULTCAPACITY_EMPTY_ELEMENTDATA;
    }

    public ArrayList(Collection<? extends E> c) {
        Object[] a = c.toArray();
        if ((size = a.length) != 0) {
            // The JDK keeps `a` itself when c is an ArrayList (a fresh copy
            // then): copying is the same.
            elementData = copyOf(a, size);
        } else {
            elementData = EMPTY_ELEMENTDATA;
        }
    }

    // Arrays.copyOf(original, newLength): truncated or padded with null.
    static Object[] copyOf(Object[] original, int newLength) {
        int length = original.length;  // a null original: NullPointerException first, as the JDK
        Object[] copy = new Object[newLength];
        int n = length < newLength ? length : newLength;
        for (int i = 0; i < n; i++)
            copy[i] = original[i];
        return copy;
    }

    // ArraysSupport.newLength; lengths near Integer.MAX_VALUE are not followed.
    private static int newLength(int oldLength, int minGrowth, int prefGrowth) {
        int prefLength = oldLength + (minGrowth > prefGrowth ? minGrowth : prefGrowth);
        if (0 < prefLength && prefLength <= SOFT_MAX_ARRAY_LENGTH)
            return prefLength;
        return hugeLength(oldLength, minGrowth);
    }

    private static native int hugeLength(int oldLength, int minGrowth);

    private Object[] grow(int minCapacity) {
        int oldCapacity = elementData.length;
        if (oldCapacity > 0 || elementData != DEFAULTCAPACITY_EMPTY_ELEMENTDATA) {
            int newCapacity = newLength(oldCapacity, minCapacity - oldCapacity, oldCapacity >> 1);
            return elementData = copyOf(elementData, newCapacity);
        } else {
            return elementData = new Object[DEFAULT_CAPACITY > minCapacity ? DEFAULT_CAPACITY : minCapacity];
        }
    }

    private Object[] grow() {
        return grow(size + 1);
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
        return indexOfRange(o, 0, size);
    }

    int indexOfRange(Object o, int start, int end) {
        Object[] es = elementData;
        if (o == null) {
            for (int i = start; i < end; i++)
                if (es[i] == null)
                    return i;
        } else {
            for (int i = start; i < end; i++)
                if (o.equals(es[i]))
                    return i;
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        return lastIndexOfRange(o, 0, size);
    }

    int lastIndexOfRange(Object o, int start, int end) {
        Object[] es = elementData;
        if (o == null) {
            for (int i = end - 1; i >= start; i--)
                if (es[i] == null)
                    return i;
        } else {
            for (int i = end - 1; i >= start; i--)
                if (o.equals(es[i]))
                    return i;
        }
        return -1;
    }

    public Object[] toArray() {
        return copyOf(elementData, size);
    }

    // Objects.checkIndex
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

    private void add(E e, Object[] elementData, int s) {
        if (s == elementData.length)
            elementData = grow();
        elementData[s] = e;
        size = s + 1;
    }

    public boolean add(E e) {
        modCount++;
        add(e, elementData, size);
        return true;
    }

    private void rangeCheckForAdd(int index) {
        if (index > size || index < 0)
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
    }

    public void add(int index, E element) {
        rangeCheckForAdd(index);
        modCount++;
        final int s = size;
        Object[] elementData = this.elementData;
        if (s == elementData.length)
            elementData = grow();
        for (int i = s; i > index; i--)
            elementData[i] = elementData[i - 1];
        elementData[index] = element;
        size = s + 1;
    }

    public E remove(int index) {
        checkIndex(index, size);
        final Object[] es = elementData;
        @SuppressWarnings("unchecked")
        E oldValue = (E) es[index];
        fastRemove(es, index);
        return oldValue;
    }

    public boolean remove(Object o) {
        final Object[] es = elementData;
        final int size = this.size;
        int i = 0;
        found: {
            if (o == null) {
                for (; i < size; i++)
                    if (es[i] == null)
                        break found;
            } else {
                for (; i < size; i++)
                    if (o.equals(es[i]))
                        break found;
            }
            return false;
        }
        fastRemove(es, i);
        return true;
    }

    private void fastRemove(Object[] es, int i) {
        modCount++;
        final int newSize = size - 1;
        for (int k = i; k < newSize; k++)
            es[k] = es[k + 1];
        es[newSize] = null;
        size = newSize;
    }

    public void clear() {
        modCount++;
        final Object[] es = elementData;
        int to = size;
        size = 0;
        for (int i = 0; i < to; i++)
            es[i] = null;
    }

    // The JDK's addAll(c) is addAll(size, c) without the range check,
    // which size always passes.
    public boolean addAll(Collection<? extends E> c) {
        return addAll(size, c);
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        rangeCheckForAdd(index);
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0)
            return false;
        Object[] elementData = this.elementData;
        final int s = size;
        if (numNew > elementData.length - s)
            elementData = grow(s + numNew);
        for (int i = s - 1; i >= index; i--)
            elementData[i + numNew] = elementData[i];
        for (int i = 0; i < numNew; i++)
            elementData[index + i] = a[i];
        size = s + numNew;
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
            rangeCheckForAdd(index);
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

        public boolean addAll(Collection<? extends E> c) {
            return addAll(this.size, c);
        }

        public boolean addAll(int index, Collection<? extends E> c) {
            rangeCheckForAdd(index);
            int cSize = c.size();
            if (cSize == 0)
                return false;
            checkForComodification();
            root.addAll(offset + index, c);
            updateSizeAndModCount(cSize);
            return true;
        }

        public Object[] toArray() {
            checkForComodification();
            Object[] a = new Object[size];
            for (int i = 0; i < size; i++)
                a[i] = root.elementData[offset + i];
            return a;
        }

        public int indexOf(Object o) {
            int index = root.indexOfRange(o, offset, offset + size);
            checkForComodification();
            return index >= 0 ? index - offset : -1;
        }

        public int lastIndexOf(Object o) {
            int index = root.lastIndexOfRange(o, offset, offset + size);
            checkForComodification();
            return index >= 0 ? index - offset : -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public Iterator<E> iterator() {
            return listIterator();
        }

        public ListIterator<E> listIterator(int index) {
            checkForComodification();
            rangeCheckForAdd(index);
            return new ListIterator<E>() {
                int cursor = index;
                int lastRet = -1;
                int expectedModCount = SubList.this.modCount;

                public boolean hasNext() {
                    return cursor != SubList.this.size;
                }

                @SuppressWarnings("unchecked")
                public E next() {
                    checkForComodification();
                    int i = cursor;
                    if (i >= SubList.this.size)
                        throw new NoSuchElementException();
                    Object[] elementData = root.elementData;
                    if (offset + i >= elementData.length)
                        throw new ConcurrentModificationException();
                    cursor = i + 1;
                    return (E) elementData[offset + (lastRet = i)];
                }

                public boolean hasPrevious() {
                    return cursor != 0;
                }

                @SuppressWarnings("unchecked")
                public E previous() {
                    checkForComodification();
                    int i = cursor - 1;
                    if (i < 0)
                        throw new NoSuchElementException();
                    Object[] elementData = root.elementData;
                    if (offset + i >= elementData.length)
                        throw new ConcurrentModificationException();
                    cursor = i;
                    return (E) elementData[offset + (lastRet = i)];
                }

                public int nextIndex() {
                    return cursor;
                }

                public int previousIndex() {
                    return cursor - 1;
                }

                public void remove() {
                    if (lastRet < 0)
                        throw new IllegalStateException();
                    checkForComodification();
                    try {
                        SubList.this.remove(lastRet);
                        cursor = lastRet;
                        lastRet = -1;
                        expectedModCount = SubList.this.modCount;
                    } catch (IndexOutOfBoundsException ex) {
                        throw new ConcurrentModificationException();
                    }
                }

                public void set(E e) {
                    if (lastRet < 0)
                        throw new IllegalStateException();
                    checkForComodification();
                    try {
                        root.set(offset + lastRet, e);
                    } catch (IndexOutOfBoundsException ex) {
                        throw new ConcurrentModificationException();
                    }
                }

                public void add(E e) {
                    checkForComodification();
                    try {
                        int i = cursor;
                        SubList.this.add(i, e);
                        cursor = i + 1;
                        lastRet = -1;
                        expectedModCount = SubList.this.modCount;
                    } catch (IndexOutOfBoundsException ex) {
                        throw new ConcurrentModificationException();
                    }
                }

                final void checkForComodification() {
                    if (root.modCount != expectedModCount)
                        throw new ConcurrentModificationException();
                }

                public native void forEachRemaining(java.util.function.Consumer<? super E> action);
            };
        }

        public List<E> subList(int fromIndex, int toIndex) {
            subListRangeCheck(fromIndex, toIndex, size);
            return new SubList<>(this, fromIndex, toIndex);
        }

        private void rangeCheckForAdd(int index) {
            if (index < 0 || index > this.size)
                throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + this.size);
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

        // The JDK's methods, not analysed.
        public native <T> T[] toArray(T[] a);

        protected native void removeRange(int fromIndex, int toIndex);

        public native boolean removeAll(Collection<?> c);

        public native boolean retainAll(Collection<?> c);

        public native boolean removeIf(java.util.function.Predicate<? super E> filter);

        public native void replaceAll(java.util.function.UnaryOperator<E> operator);

        public native void sort(Comparator<? super E> c);

        public native Spliterator<E> spliterator();

        public native boolean equals(Object o);

        public native int hashCode();
    }

    // The JDK's methods, not analysed (see AbstractCollection).
    public native <T> T[] toArray(T[] a);

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
