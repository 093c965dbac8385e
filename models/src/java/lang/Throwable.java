package java.lang;

/** Model of java.lang.Throwable: message and cause, no stack trace. */
public class Throwable implements java.io.Serializable {
    private String detailMessage;
    private Throwable cause;

    public Throwable() {}

    public Throwable(String message) {
        detailMessage = message;
    }

    public Throwable(String message, Throwable cause) {
        detailMessage = message;
        this.cause = cause;
    }

    public Throwable(Throwable cause) {
        detailMessage = cause == null ? null : cause.toString();
        this.cause = cause;
    }

    public String getMessage() {
        return detailMessage;
    }

    public Throwable getCause() {
        return cause;
    }

    public Throwable fillInStackTrace() {
        return this;
    }

    public void printStackTrace() {}
}
