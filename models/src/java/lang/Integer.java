package java.lang;

/** Model of java.lang.Integer: a boxed int, with the cache of small values. */
public final class Integer extends Number implements Comparable<Integer> {
    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;

    private final int value;

    public Integer(int value) {
        this.value = value;
    }

    // JLS 5.1.7: boxing -128..127 always gives the same object (a review
    // found `valueOf(n) == valueOf(n)` taken as false, a wrong YES). Larger
    // values are cached only under -XX:AutoBoxCacheMax, which the model
    // does not assume.
    private static Integer[] cache;

    public static Integer valueOf(int i) {
        if (i >= -128 && i <= 127) {
            if (cache == null) cache = new Integer[256];
            Integer c = cache[i + 128];
            if (c == null) {
                c = new Integer(i);
                cache[i + 128] = c;
            }
            return c;
        }
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

    /** JDK 17's algorithm (radix 10): digits accumulated negatively, so that MIN_VALUE parses. */
    public static int parseInt(String s) {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string: null");
        }
        int len = s.length();
        if (len == 0) {
            throw new NumberFormatException("For input string: \"\"");
        }
        int i = 0;
        boolean negative = false;
        int limit = -MAX_VALUE;
        char first = s.charAt(0);
        if (first < '0') {
            if (first == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (first != '+') {
                throw new NumberFormatException("For input string: \"" + s + "\"");
            }
            if (len == 1) {
                throw new NumberFormatException("For input string: \"" + s + "\"");
            }
            i++;
        }
        int multmin = limit / 10;
        int result = 0;
        while (i < len) {
            char c = s.charAt(i++);
            int digit = c >= '0' && c <= '9' ? c - '0' : (c < 128 ? -1 : Character.digit(c, 10));
            if (digit < 0 || result < multmin) {
                throw new NumberFormatException("For input string: \"" + s + "\"");
            }
            result *= 10;
            if (result < limit + digit) {
                throw new NumberFormatException("For input string: \"" + s + "\"");
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    // Bit operations (JDK 17's results, written as plain loops and shifts).

    public static int bitCount(int i) {
        int n = 0;
        for (int k = 0; k < 32; k++) {
            n += (i >>> k) & 1;
        }
        return n;
    }

    public static int rotateLeft(int i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static int rotateRight(int i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static int numberOfLeadingZeros(int i) {
        int n = 0;
        for (int k = 31; k >= 0 && ((i >>> k) & 1) == 0; k--) {
            n++;
        }
        return n;
    }

    public static int numberOfTrailingZeros(int i) {
        int n = 0;
        for (int k = 0; k < 32 && ((i >>> k) & 1) == 0; k++) {
            n++;
        }
        return n;
    }

    public static int highestOneBit(int i) {
        return i == 0 ? 0 : (0x80000000 >>> numberOfLeadingZeros(i));
    }

    public static int lowestOneBit(int i) {
        return i & -i;
    }

    public static int signum(int i) {
        return i > 0 ? 1 : (i < 0 ? -1 : 0);
    }

    public static int compare(int x, int y) {
        return x < y ? -1 : (x == y ? 0 : 1);
    }

    public static int max(int a, int b) {
        return a >= b ? a : b;
    }

    public static int min(int a, int b) {
        return a <= b ? a : b;
    }

    public static int sum(int a, int b) {
        return a + b;
    }
}
