package java.util;

/**
 * Model of java.util.Objects: the null checks and the comparisons that
 * only call the objects' own methods, as JDK 17 has them. javac emits
 * requireNonNull for `outer.new Inner()` and method references, so a
 * program that creates an inner class is followed through it. The model
 * has every public method of JDK 17's Objects, with its exceptions and
 * messages: the model hides the JDK's class, and the live mode runs these
 * concretely inside library code (StringReader.read calls
 * checkFromIndexSize).
 */
public final class Objects {
    private Objects() {}

    public static boolean equals(Object a, Object b) {
        return (a == b) || (a != null && a.equals(b));
    }

    public static int hashCode(Object o) {
        return o != null ? o.hashCode() : 0;
    }

    public static <T> T requireNonNull(T obj) {
        if (obj == null) throw new NullPointerException();
        return obj;
    }

    public static <T> T requireNonNull(T obj, String message) {
        if (obj == null) throw new NullPointerException(message);
        return obj;
    }

    public static boolean isNull(Object obj) {
        return obj == null;
    }

    public static boolean nonNull(Object obj) {
        return obj != null;
    }

    public static <T> T requireNonNullElse(T obj, T defaultObj) {
        return (obj != null) ? obj : requireNonNull(defaultObj, "defaultObj");
    }

    public static <T> T requireNonNullElseGet(T obj, java.util.function.Supplier<? extends T> supplier) {
        return (obj != null) ? obj : requireNonNull(requireNonNull(supplier, "supplier").get(), "supplier.get()");
    }

    public static <T> T requireNonNull(T obj, java.util.function.Supplier<String> messageSupplier) {
        if (obj == null) throw new NullPointerException(messageSupplier == null ? null : messageSupplier.get());
        return obj;
    }

    public static String toString(Object o) {
        return String.valueOf(o);
    }

    public static String toString(Object o, String nullDefault) {
        return (o != null) ? o.toString() : nullDefault;
    }

    public static <T> int compare(T a, T b, Comparator<? super T> c) {
        return (a == b) ? 0 : c.compare(a, b);
    }

    public static int hash(Object... values) {
        if (values == null) return 0;
        int result = 1;
        for (Object element : values) result = 31 * result + (element == null ? 0 : element.hashCode());
        return result;
    }

    public static boolean deepEquals(Object a, Object b) {
        if (a == b) return true;
        if (a == null || b == null) return false;
        return deepEquals0(a, b);
    }

    // Arrays.deepEquals0: arrays element by element, other objects by equals.
    private static boolean deepEquals0(Object e1, Object e2) {
        if (e1 instanceof Object[] && e2 instanceof Object[]) {
            Object[] a = (Object[]) e1, b = (Object[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (!deepEquals(a[i], b[i])) return false;
            return true;
        }
        if (e1 instanceof int[] && e2 instanceof int[]) {
            int[] a = (int[]) e1, b = (int[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
        if (e1 instanceof long[] && e2 instanceof long[]) {
            long[] a = (long[]) e1, b = (long[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
        if (e1 instanceof short[] && e2 instanceof short[]) {
            short[] a = (short[]) e1, b = (short[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
        if (e1 instanceof char[] && e2 instanceof char[]) {
            char[] a = (char[]) e1, b = (char[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
        if (e1 instanceof byte[] && e2 instanceof byte[]) {
            byte[] a = (byte[]) e1, b = (byte[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
        if (e1 instanceof boolean[] && e2 instanceof boolean[]) {
            boolean[] a = (boolean[]) e1, b = (boolean[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
        if (e1 instanceof float[] && e2 instanceof float[]) {
            float[] a = (float[]) e1, b = (float[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (Float.floatToIntBits(a[i]) != Float.floatToIntBits(b[i])) return false;
            return true;
        }
        if (e1 instanceof double[] && e2 instanceof double[]) {
            double[] a = (double[]) e1, b = (double[]) e2;
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++)
                if (Double.doubleToLongBits(a[i]) != Double.doubleToLongBits(b[i])) return false;
            return true;
        }
        return e1.equals(e2);
    }

    public static int checkIndex(int index, int length) {
        if (index < 0 || index >= length)
            throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
        return index;
    }

    public static int checkFromToIndex(int fromIndex, int toIndex, int length) {
        if (fromIndex < 0 || fromIndex > toIndex || toIndex > length)
            throw new IndexOutOfBoundsException(
                "Range [" + fromIndex + ", " + toIndex + ") out of bounds for length " + length);
        return fromIndex;
    }

    public static int checkFromIndexSize(int fromIndex, int size, int length) {
        if ((length | fromIndex | size) < 0 || size > length - fromIndex)
            throw new IndexOutOfBoundsException(
                "Range [" + fromIndex + ", " + fromIndex + " + " + size + ") out of bounds for length " + length);
        return fromIndex;
    }

    public static long checkIndex(long index, long length) {
        if (index < 0 || index >= length)
            throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
        return index;
    }

    public static long checkFromToIndex(long fromIndex, long toIndex, long length) {
        if (fromIndex < 0 || fromIndex > toIndex || toIndex > length)
            throw new IndexOutOfBoundsException(
                "Range [" + fromIndex + ", " + toIndex + ") out of bounds for length " + length);
        return fromIndex;
    }

    public static long checkFromIndexSize(long fromIndex, long size, long length) {
        if ((length | fromIndex | size) < 0 || size > length - fromIndex)
            throw new IndexOutOfBoundsException(
                "Range [" + fromIndex + ", " + fromIndex + " + " + size + ") out of bounds for length " + length);
        return fromIndex;
    }
}
