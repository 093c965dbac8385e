package java.util;

/**
 * Model of java.util.Arrays: only asList and its fixed-size list (JDK 17's
 * Arrays.ArrayList); every other method is the JDK's, called without
 * analysis.
 */
public class Arrays {
    private Arrays() {
    }

    @SafeVarargs
    public static <T> List<T> asList(T... a) {
        return new ArrayList<>(a);
    }

    /** A fixed-size list backed by the array (writes go through). */
    private static class ArrayList<E> extends AbstractList<E> implements RandomAccess, java.io.Serializable {
        private final E[] a;

        ArrayList(E[] array) {
            if (array == null)
                throw new NullPointerException();
            a = array;
        }

        public int size() {
            return a.length;
        }

        public Object[] toArray() {
            Object[] copy = new Object[a.length];
            for (int i = 0; i < a.length; i++)
                copy[i] = a[i];
            return copy;
        }

        public E get(int index) {
            return a[index];
        }

        public E set(int index, E element) {
            E oldValue = a[index];
            a[index] = element;
            return oldValue;
        }

        public int indexOf(Object o) {
            E[] a = this.a;
            if (o == null) {
                for (int i = 0; i < a.length; i++)
                    if (a[i] == null)
                        return i;
            } else {
                for (int i = 0; i < a.length; i++)
                    if (o.equals(a[i]))
                        return i;
            }
            return -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public Iterator<E> iterator() {
            return new ArrayItr<>(a);
        }

        public native <T> T[] toArray(T[] a);

        public native void forEach(java.util.function.Consumer<? super E> action);

        public native void replaceAll(java.util.function.UnaryOperator<E> operator);

        public native void sort(Comparator<? super E> c);

        public native Spliterator<E> spliterator();
    }

    private static class ArrayItr<E> implements Iterator<E> {
        private int cursor;
        private final E[] a;

        ArrayItr(E[] a) {
            this.a = a;
        }

        public boolean hasNext() {
            return cursor < a.length;
        }

        public E next() {
            int i = cursor;
            if (i >= a.length)
                throw new NoSuchElementException();
            cursor = i + 1;
            return a[i];
        }
    }
}
