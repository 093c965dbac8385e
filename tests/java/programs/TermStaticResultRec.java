// Never YES (a review's wrong YES, older than the statics change): a
// recursive method stores a new object in a static field and returns it;
// after the call the result may be the static's object. The loop counts
// one down and the other up: forever when they are the same object, e.g.
// for the input "abcdefg" "aqc" "de".
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermStaticResultRec {
    static final class Cell { int v; }
    static Cell shared;

    static Cell make(int k) {
        if (k > 0) return make(k - 1);
        Cell c = new Cell();
        shared = c;
        return c;
    }

    public static void main(String[] args) {
        Cell r = make(args.length);
        if (args.length != 3 || args[0].length() != 7 || args[2].length() != 2) shared = new Cell();
        r.v = 5;
        while (r.v > 0) {
            r.v--;
            shared.v++;
        }
    }
}
