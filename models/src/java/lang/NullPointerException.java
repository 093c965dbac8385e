package java.lang;

/** Model of java.lang.NullPointerException. */
public class NullPointerException extends RuntimeException {
    public NullPointerException() {
        super();
    }

    public NullPointerException(String message) {
        super(message);
    }
}
