package java.lang;

/**
 * Model of java.lang.Number: the JDK's constructor does nothing but
 * Object's, and the conversions are abstract or narrow intValue() - so a
 * boxed Integer of the models can be built in concrete runs (a JDK
 * constructor is an unanalysed library call).
 */
public abstract class Number implements java.io.Serializable {
    public Number() {}

    public abstract int intValue();

    public abstract long longValue();

    public abstract float floatValue();

    public abstract double doubleValue();

    public byte byteValue() {
        return (byte) intValue();
    }

    public short shortValue() {
        return (short) intValue();
    }
}
