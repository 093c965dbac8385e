package java.lang;

/** Model of java.lang.CloneNotSupportedException. */
public class CloneNotSupportedException extends Exception {
    public CloneNotSupportedException() {
        super();
    }

    public CloneNotSupportedException(String message) {
        super(message);
    }
}
