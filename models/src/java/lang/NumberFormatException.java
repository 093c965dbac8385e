package java.lang;

/** Model of java.lang.NumberFormatException. */
public class NumberFormatException extends IllegalArgumentException {
    public NumberFormatException() {
        super();
    }

    public NumberFormatException(String message) {
        super(message);
    }
}
