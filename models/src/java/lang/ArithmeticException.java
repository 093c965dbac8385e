package java.lang;

/** Model of java.lang.ArithmeticException. */
public class ArithmeticException extends RuntimeException {
    public ArithmeticException() {
        super();
    }

    public ArithmeticException(String message) {
        super(message);
    }
}
