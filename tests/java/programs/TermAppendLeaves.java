// Hanging one subtree below the right spine of the other (the TPDB's
// LessLeaves): the write `t.right = t2` replaces null, so the tree it goes
// into grows by exactly |t2| (it reaches t along one path); the new tree
// has one node less than the old one.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermAppendLeaves {
    TermAppendLeaves left, right;

    static TermAppendLeaves append(TermAppendLeaves t1, TermAppendLeaves t2) {
        if (t1 == null) return t2;
        TermAppendLeaves t = t1;
        while (t.right != null) t = t.right;
        t.right = t2;
        return t1;
    }

    static TermAppendLeaves build(String[] args) {
        TermAppendLeaves root = new TermAppendLeaves();
        TermAppendLeaves t = root;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 1) {
                if (t.left == null) {
                    t.left = new TermAppendLeaves();
                    t = root;
                } else {
                    t = t.left;
                }
            } else {
                if (t.right == null) {
                    t.right = new TermAppendLeaves();
                    t = root;
                } else {
                    t = t.right;
                }
            }
        }
        return root;
    }

    public static void main(String[] args) {
        TermAppendLeaves t1 = build(args);
        int n = 0;
        while (t1 != null) {
            t1 = append(t1.left, t1.right);
            n++;
        }
        System.out.println(n);
    }
}
