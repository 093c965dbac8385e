package java.lang;

/** Model of java.lang.StackOverflowError. */
public class StackOverflowError extends Error {
    public StackOverflowError() {
        super();
    }

    public StackOverflowError(String message) {
        super(message);
    }
}
