// A list recursion with modes 0 and 1 and two calls in one branch (found
// by a soundness review's generator): its graph gives the ranking search a
// location without variables, whose function was missing from a round
// ("internal error: map::at"). It terminates: mode 1 drops two nodes.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermModeTwoCallsRec {
    TermModeTwoCallsRec next;

    TermModeTwoCallsRec(TermModeTwoCallsRec n) {
        next = n;
    }

    static void f(int mode, TermModeTwoCallsRec l) {
        if (l == null) return;
        if (mode == 0) {
            f(1, l);
        } else {
            l = l.next == null ? null : l.next.next;
            f(0, l);
            f(1, l);
        }
    }

    public static void main(String[] args) {
        TermModeTwoCallsRec l = null;
        for (int i = 0; i < args.length; i++) l = new TermModeTwoCallsRec(l);
        f(0, l);
    }
}
