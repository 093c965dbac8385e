// As TermOuterCallInContext, but the first level writes the receiver's
// field only when i > 1: with one argument a.next stays null and the wait
// loop spins for ever. Keeping the outermost call in context must not make
// this a YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermOuterCallInContextBad {
    TermOuterCallInContextBad next;

    void grow(int i) {
        if (next == null) {
            if (i <= 1) return;
            next = new TermOuterCallInContextBad();
            i--;
        }
        next.grow(i);
    }

    public static void main(String[] args) {
        TermOuterCallInContextBad a = new TermOuterCallInContextBad();
        int j = args.length;
        if (j > 0) {
            a.grow(j);
            while (a.next == null) { }
        }
        System.out.println("grown");
    }
}
