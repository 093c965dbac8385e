package java.lang;

/** Model of java.lang.ClassCastException. */
public class ClassCastException extends RuntimeException {
    public ClassCastException() {
        super();
    }

    public ClassCastException(String message) {
        super(message);
    }
}
