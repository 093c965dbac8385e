// Never YES (a review's wrong YES, older than the statics change): a
// recursive method sets two static fields to one new object; after the
// call both are unknown, and must stay possibly the same object. The loop
// then counts one field down and the other up: forever when they are the
// same, e.g. for the input "abcdefg" "aqc" "de".
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermStaticsSharedRec {
    static final class Cell { int v; }
    static Cell first, second;

    static Cell make(int k) {
        if (k > 0) return make(k - 1);
        Cell c = new Cell();
        first = c;
        second = c;
        return null;
    }

    public static void main(String[] args) {
        make(args.length);
        if (args.length != 3 || args[0].length() != 7 || args[2].length() != 2) second = new Cell();
        first.v = 5;
        while (first.v > 0) {
            first.v--;
            second.v++;
        }
    }
}
