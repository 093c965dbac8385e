package java.lang;

/** Model of java.lang.ArrayStoreException. */
public class ArrayStoreException extends RuntimeException {
    public ArrayStoreException() {
        super();
    }

    public ArrayStoreException(String message) {
        super(message);
    }
}
