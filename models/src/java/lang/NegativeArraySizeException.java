package java.lang;

/** Model of java.lang.NegativeArraySizeException. */
public class NegativeArraySizeException extends RuntimeException {
    public NegativeArraySizeException() {
        super();
    }

    public NegativeArraySizeException(String message) {
        super(message);
    }
}
