// An inner loop that is entered only when the tree has a left child, and an
// outer loop that enters it again and again (the TPDB's Count). The inner
// loop's general state forgets that left child, so its first iteration is
// surely a rotation only in a graph that evaluates each entry of the loop
// one iteration before it joins the loop's general state
// (seg::BuildOptions::peel_loop_entries). With left children weighing 2 the
// rotation lowers the tree's size, so what `toSpine` returns (one node per
// node of t) is smaller than t.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermRotateOnEntry {
    TermRotateOnEntry left, right;

    TermRotateOnEntry(TermRotateOnEntry left, TermRotateOnEntry right) {
        this.left = left;
        this.right = right;
    }

    static TermRotateOnEntry build(String[] args) {
        TermRotateOnEntry root = new TermRotateOnEntry(null, null);
        for (String a : args) {
            if (a.isEmpty()) root = new TermRotateOnEntry(root, null);
            else root = new TermRotateOnEntry(null, root);
        }
        return root;
    }

    // A right spine with as many nodes as t.
    static TermRotateOnEntry toSpine(TermRotateOnEntry t) {
        TermRotateOnEntry spine = null;
        while (t != null) {
            if (t.left == null) {
                spine = new TermRotateOnEntry(null, spine);
                t = t.right;
            } else {
                TermRotateOnEntry l = t.left;
                t = new TermRotateOnEntry(l.left, new TermRotateOnEntry(l.right, t.right));
            }
        }
        return spine;
    }

    public static void main(String[] args) {
        TermRotateOnEntry t = build(args);
        int nodes = 0;
        while (t != null) {
            if (t.left == null) {
                nodes++;
                t = t.right;
            } else {
                t = toSpine(t);
            }
        }
        System.out.println(nodes);
    }
}
