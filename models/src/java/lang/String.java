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
        if (begin == 0 && end == value.length) {
            return this;  // as the JDK does (String.substring, JDK 9 and later)
        }
        char[] v = new char[end - begin];
        for (int i = begin; i < end; i++) {
            v[i - begin] = value[i];
        }
        return new String(v);
    }

    public String substring(int begin) {
        return substring(begin, value.length);
    }

    public boolean startsWith(String prefix, int toffset) {
        char[] p = prefix.value;
        if (toffset < 0 || toffset > value.length - p.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (value[toffset + i] != p[i]) {
                return false;
            }
        }
        return true;
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, value.length - suffix.value.length);
    }

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    // Code points above U+FFFF are searched as surrogate pairs, as the JDK does.
    public int indexOf(int ch, int fromIndex) {
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (ch < 0x10000) {
            for (int i = fromIndex; i < value.length; i++) {
                if (value[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > 0x10FFFF) {
            return -1;
        }
        char hi = (char) ((ch >>> 10) + (0xD800 - (0x10000 >>> 10)));
        char lo = (char) ((ch & 0x3FF) + 0xDC00);
        for (int i = fromIndex; i < value.length - 1; i++) {
            if (value[i] == hi && value[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(int ch) {
        if (ch < 0x10000) {
            for (int i = value.length - 1; i >= 0; i--) {
                if (value[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > 0x10FFFF) {
            return -1;
        }
        char hi = (char) ((ch >>> 10) + (0xD800 - (0x10000 >>> 10)));
        char lo = (char) ((ch & 0x3FF) + 0xDC00);
        for (int i = value.length - 2; i >= 0; i--) {
            if (value[i] == hi && value[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        char[] t = str.value;
        if (fromIndex >= value.length) {
            return t.length == 0 ? value.length : -1;
        }
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        for (int i = fromIndex; i <= value.length - t.length; i++) {
            if (startsWith(str, i)) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(CharSequence s) {
        return indexOf(s.toString()) >= 0;
    }

    public String concat(String str) {
        if (str.value.length == 0) {
            return this;
        }
        char[] v = new char[value.length + str.value.length];
        for (int i = 0; i < value.length; i++) {
            v[i] = value[i];
        }
        for (int i = 0; i < str.value.length; i++) {
            v[value.length + i] = str.value[i];
        }
        return new String(v);
    }

    public String trim() {
        int begin = 0;
        int end = value.length;
        while (begin < end && value[begin] <= ' ') {
            begin++;
        }
        while (begin < end && value[end - 1] <= ' ') {
            end--;
        }
        return begin > 0 || end < value.length ? substring(begin, end) : this;
    }

    public char[] toCharArray() {
        char[] v = new char[value.length];
        for (int i = 0; i < value.length; i++) {
            v[i] = value[i];
        }
        return v;
    }

    public String toString() {
        return this;
    }

    public static String valueOf(Object obj) {
        return obj == null ? "null" : obj.toString();
    }
}
