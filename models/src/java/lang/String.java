package java.lang;

/**
 * Model of java.lang.String: an immutable char array. Methods throw the
 * exceptions the JDK documents for the same arguments.
 */
public final class String implements java.io.Serializable, Comparable<String>, CharSequence {
    private final char[] value;

    public String() {
        value = new char[0];
    }

    public String(char[] chars) {
        char[] v = new char[chars.length];
        for (int i = 0; i < chars.length; i++) {
            v[i] = chars[i];
        }
        value = v;
    }

    public String(String original) {
        value = original.value;
    }

    public int length() {
        return value.length;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    public char charAt(int index) {
        if (index < 0 || index >= value.length) {
            throw new StringIndexOutOfBoundsException(index);
        }
        return value[index];
    }

    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof String)) {
            return false;
        }
        char[] w = ((String) other).value;
        if (w.length != value.length) {
            return false;
        }
        for (int i = 0; i < w.length; i++) {
            if (w[i] != value[i]) {
                return false;
            }
        }
        return true;
    }

    public int hashCode() {
        int h = 0;
        for (int i = 0; i < value.length; i++) {
            h = 31 * h + value[i];
        }
        return h;
    }

    public int compareTo(String other) {
        int n = Math.min(value.length, other.value.length);
        for (int i = 0; i < n; i++) {
            if (value[i] != other.value[i]) {
                return value[i] - other.value[i];
            }
        }
        return value.length - other.value.length;
    }

    public CharSequence subSequence(int begin, int end) {
        return substring(begin, end);
    }

    public String substring(int begin, int end) {
        if (begin < 0 || end > value.length || begin > end) {
            throw new StringIndexOutOfBoundsException("begin " + begin + ", end " + end);
        }
        char[] v = new char[end - begin];
        for (int i = begin; i < end; i++) {
            v[i - begin] = value[i];
        }
        return new String(v);
    }

    public String toString() {
        return this;
    }

    public static String valueOf(Object obj) {
        return obj == null ? "null" : obj.toString();
    }
}
