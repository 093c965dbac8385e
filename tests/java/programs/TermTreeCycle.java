// A recursive callee whose stores can close a cycle must never give YES: a
// constructor that stores its argument (`left = new TermTreeCycle(this)`
// makes t.left.left == t). With one argument the walk runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --int-semantics math -> NO
public class TermTreeCycle {
    TermTreeCycle left;

    TermTreeCycle(TermTreeCycle p) {
        left = p;
    }

    void grow(int n) {
        if (n <= 0) return;
        if (left == null) left = new TermTreeCycle(this);
        else left.grow(n - 1);
    }

    static int walk(TermTreeCycle p) {
        int n = 0;
        while (p != null) {
            n++;
            p = p.left;
        }
        return n;
    }

    public static void main(String[] args) {
        TermTreeCycle t = new TermTreeCycle(null);
        t.grow(args.length);
        walk(t);
    }
}
