package java.util;

/**
 * Model of java.util.Objects: the null checks and the comparisons that
 * only call the objects' own methods, as JDK 17 has them. javac emits
 * requireNonNull for `outer.new Inner()` and method references, so a
 * program that creates an inner class is followed through it. The others
 * are native (a library call).
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

    public static native boolean deepEquals(Object a, Object b);
    public static native int hash(Object... values);
    public static native String toString(Object o);
    public static native String toString(Object o, String nullDefault);
    public static native <T> int compare(T a, T b, Comparator<? super T> c);
    public static native <T> T requireNonNullElseGet(T obj, java.util.function.Supplier<? extends T> supplier);
    public static native <T> T requireNonNull(T obj, java.util.function.Supplier<String> messageSupplier);
    public static native int checkIndex(int index, int length);
    public static native int checkFromToIndex(int fromIndex, int toIndex, int length);
    public static native int checkFromIndexSize(int fromIndex, int size, int length);
    public static native long checkIndex(long index, long length);
    public static native long checkFromToIndex(long fromIndex, long toIndex, long length);
    public static native long checkFromIndexSize(long fromIndex, long size, long length);
}
