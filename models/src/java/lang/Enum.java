package java.lang;

import java.io.Serializable;
import java.lang.constant.Constable;
import java.util.Optional;

/**
 * Model of java.lang.Enum: the name and the ordinal an enum constant's class
 * initializer gives it, identity equality. Without it the constructor was an
 * unanalysed library call that may throw, so every enum's class initializer
 * looked as if it could fail (a review found all enum programs MAYBE). What
 * depends on the JVM's identity hash or on reflection stays native (any
 * result, any exception), as in the model of Object.
 */
public abstract class Enum<E extends Enum<E>> implements Constable, Comparable<E>, Serializable {
    private final String name;
    private final int ordinal;

    protected Enum(String name, int ordinal) {
        this.name = name;
        this.ordinal = ordinal;
    }

    public final String name() {
        return name;
    }

    public final int ordinal() {
        return ordinal;
    }

    public String toString() {
        return name;
    }

    public final boolean equals(Object other) {
        return this == other;
    }

    public final native int hashCode();

    protected final Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }

    // As the JDK's: constants of two enum types are not comparable.
    public final int compareTo(E o) {
        Enum<?> other = o;
        Enum<E> self = this;
        if (self.getClass() != other.getClass() && self.getDeclaringClass() != other.getDeclaringClass())
            throw new ClassCastException();
        return self.ordinal - other.ordinal;
    }

    public final native Class<E> getDeclaringClass();

    @SuppressWarnings({"rawtypes", "unchecked"})
    public final native Optional describeConstable();

    public static native <T extends Enum<T>> T valueOf(Class<T> enumType, String name);
}
