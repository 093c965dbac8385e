package java.lang;

/**
 * Model of java.lang.Object: identity semantics. The methods whose results
 * the JVM chooses (the identity hash, and what depends on it or on the
 * class object) are native here: the analyses treat them as unanalysed
 * library calls (any result, any exception), never as one fixed value -
 * a fixed hash of 0 made a loop that waits for a non-zero hash look
 * endless (issue 14 review).
 */
public class Object {
    public Object() {}

    public boolean equals(Object obj) {
        return this == obj;
    }

    public native int hashCode();

    public native String toString();

    public final native Class<?> getClass();

    protected native Object clone() throws CloneNotSupportedException;
}
