package java.util;

/** Model of java.util.AbstractSet: the constructor; the rest is the JDK's. */
public abstract class AbstractSet<E> extends AbstractCollection<E> implements Set<E> {
    protected AbstractSet() {
    }

    // The JDK's methods, not analysed (see AbstractCollection).
    public native boolean equals(Object o);

    public native int hashCode();

    public native boolean removeAll(Collection<?> c);
}
