package java.lang;

/** Model of java.lang.Integer: a boxed int without the value cache. */
public final class Integer extends Number implements Comparable<Integer> {
    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;

    private final int value;

    public Integer(int value) {
        this.value = value;
    }

    /** The JDK may return a cached instance; identity of boxes is not modelled. */
    public static Integer valueOf(int i) {
        return new Integer(i);
    }

    public int intValue() {
        return value;
    }

    public long longValue() {
        return value;
    }

    public float floatValue() {
        return value;
    }

    public double doubleValue() {
        return value;
    }

    public boolean equals(Object obj) {
        return obj instanceof Integer && ((Integer) obj).value == value;
    }

    public int hashCode() {
        return value;
    }

    public int compareTo(Integer other) {
        return value < other.value ? -1 : (value == other.value ? 0 : 1);
    }

    public String toString() {
        return toString(value);
    }

    public static String toString(int i) {
        if (i == 0) {
            return "0";
        }
        boolean negative = i < 0;
        long v = negative ? -(long) i : i;
        char[] buf = new char[11];
        int pos = buf.length;
        while (v > 0) {
            pos--;
            buf[pos] = (char) ('0' + v % 10);
            v = v / 10;
        }
        if (negative) {
            pos--;
            buf[pos] = '-';
        }
        char[] out = new char[buf.length - pos];
        for (int k = pos; k < buf.length; k++) {
            out[k - pos] = buf[k];
        }
        return new String(out);
    }
}
