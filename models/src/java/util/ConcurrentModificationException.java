package java.util;

/** Model of java.util.ConcurrentModificationException. */
public class ConcurrentModificationException extends RuntimeException {
    public ConcurrentModificationException() {
        super();
    }

    public ConcurrentModificationException(String message) {
        super(message);
    }
}
