package java.lang;

/** Model of java.lang.Object: no native code, identity semantics. */
public class Object {
    public Object() {}

    public boolean equals(Object obj) {
        return this == obj;
    }

    /** The JDK's identity hash is arbitrary; any int is a sound model of it. */
    public int hashCode() {
        return 0;
    }

    public String toString() {
        return "java.lang.Object@0";
    }

    public final Class<?> getClass() {
        throw new UnsupportedOperationException("jhalt model: getClass");
    }

    protected Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }
}
