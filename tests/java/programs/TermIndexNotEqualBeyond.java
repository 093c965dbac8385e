// As TermIndexNotEqualSize, but the index may start above the size: then
// `index != size` holds forever and the index grows without end under
// mathematical integers (under JVM ints it wraps around to the size).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermIndexNotEqualBeyond {
    int size;
    int index;

    public static void main(String[] args) {
        TermIndexNotEqualBeyond it = new TermIndexNotEqualBeyond();
        it.size = args.length;
        it.index = args.length > 1 ? args[0].length() : 0;
        while (it.index != it.size) it.index++;
    }
}
