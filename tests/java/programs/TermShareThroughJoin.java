// Found by a review: b (below a, whose fields a recursive call forgot) gets
// b.left = root.right, so root reaches c through shown fields and through
// a's hidden part; the write must mark root non-tree (a sharing "in the
// open" exemption missed it), else `a %$ c` was dropped and the cycle
// a -> b -> c -> a closed unseen. With no arguments the walk runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermShareThroughJoin {
    TermShareThroughJoin left, right;
    static void grow2(TermShareThroughJoin x, TermShareThroughJoin y, int n) {     // tree stores only
        if (n <= 0) return;
        if (x.right == null) x.right = new TermShareThroughJoin(); else grow2(x.right, y, n - 1);
    }
    public static void main(String[] args) {
        TermShareThroughJoin root = new TermShareThroughJoin();
        TermShareThroughJoin a = new TermShareThroughJoin(), b = new TermShareThroughJoin(), c = new TermShareThroughJoin();
        a.left = b;
        root.left = a;
        root.right = c;
        grow2(a, b, args.length);   // a, b forgotten: a %$ b (b still a local)
        b.left = root.right;        // b (below a, hidden) -> c: root.left.left.left == root.right
        TermShareThroughJoin l = new TermShareThroughJoin(), cur = l, prev = l;
        for (int i = 0; i < args.length; i++) { prev = cur; cur.right = new TermShareThroughJoin(); cur = cur.right; }
        if (prev == cur) root.right.left = root.left;   // c.left = a: a -> b -> c -> a
        int d = 0;
        for (TermShareThroughJoin x = root.left; x != null; x = x.left) d++;
        System.out.println(d);
    }
}
