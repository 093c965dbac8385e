package java.lang;

/** Model of java.lang.StringBuilder: a growable char array. */
public final class StringBuilder implements java.io.Serializable, CharSequence {
    private char[] value;
    private int count;

    public StringBuilder() {
        value = new char[16];
    }

    public StringBuilder(String s) {
        value = new char[16];
        append(s);
    }

    public int length() {
        return count;
    }

    public char charAt(int index) {
        if (index < 0 || index >= count) {
            throw new StringIndexOutOfBoundsException(index);
        }
        return value[index];
    }

    public CharSequence subSequence(int begin, int end) {
        return toString().substring(begin, end);
    }

    public StringBuilder append(char c) {
        if (count == value.length) {
            char[] grown = new char[2 * value.length + 2];
            for (int i = 0; i < count; i++) {
                grown[i] = value[i];
            }
            value = grown;
        }
        value[count] = c;
        count++;
        return this;
    }

    /** JDK 17: grows as for an append, fills new positions with '\0'. */
    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException(newLength);
        }
        if (newLength > value.length) {
            int grow = newLength - value.length;
            if (value.length + 2 > grow) {
                grow = value.length + 2;
            }
            char[] grown = new char[value.length + grow];
            for (int i = 0; i < count; i++) {
                grown[i] = value[i];
            }
            value = grown;
        }
        for (int i = count; i < newLength; i++) {
            value[i] = '\0';
        }
        count = newLength;
    }

    public StringBuilder append(String s) {
        if (s == null) {
            s = "null";
        }
        for (int i = 0; i < s.length(); i++) {
            append(s.charAt(i));
        }
        return this;
    }

    public StringBuilder append(Object o) {
        return append(String.valueOf(o));
    }

    public StringBuilder append(int i) {
        return append(Integer.toString(i));
    }

    public String toString() {
        char[] v = new char[count];
        for (int i = 0; i < count; i++) {
            v[i] = value[i];
        }
        return new String(v);
    }
}
