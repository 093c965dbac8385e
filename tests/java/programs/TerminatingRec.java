// Terminating recursion that must never get NO: factorial (its product is
// not linear), a deep but finite recursion (depth 200000 overflows the
// default stack but not -Xss256m) and Ackermann's function on small values.
public class TerminatingRec {
    static int fact(int n) {
        if (n <= 0) return 1;
        return n * fact(n - 1);
    }

    static int depth(int n) {
        if (n <= 0) return 0;
        return 1 + depth(n - 1);
    }

    static int ack(int m, int n) {
        if (m <= 0) return n + 1;
        if (n <= 0) return ack(m - 1, 1);
        return ack(m - 1, ack(m, n - 1));
    }

    public static void main(String[] args) {
        fact(args.length);
        depth(200000 + args.length);
        ack(2, args.length);
    }
}
// EXPECT: termcomp -> YES
// EXPECT: termcomp --engine clp -> MAYBE
// EXPECT: analyze --engine clp --method 'TerminatingRec.depth(I)I' -> MAYBE
// EXPECT: analyze --engine clp --method 'TerminatingRec.ack(II)I' -> MAYBE
