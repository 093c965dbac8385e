package java.lang;

/** Model of java.lang.ArrayIndexOutOfBoundsException. */
public class ArrayIndexOutOfBoundsException extends IndexOutOfBoundsException {
    public ArrayIndexOutOfBoundsException() {
        super();
    }

    public ArrayIndexOutOfBoundsException(String message) {
        super(message);
    }

    public ArrayIndexOutOfBoundsException(int index) {
        super("Index " + index + " out of bounds for length");
    }
}
