// As TermRotateOnEntry, but every node of the spine gets a leaf as its left
// child: the outer loop finds a left child after each call and calls again,
// on a tree twice as large, until the heap runs out. Peeling the inner
// loop's entry must not make this a YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermRotateOnEntryBad {
    TermRotateOnEntryBad left, right;

    TermRotateOnEntryBad(TermRotateOnEntryBad left, TermRotateOnEntryBad right) {
        this.left = left;
        this.right = right;
    }

    static TermRotateOnEntryBad build(String[] args) {
        TermRotateOnEntryBad root = new TermRotateOnEntryBad(null, null);
        for (String a : args) {
            if (a.isEmpty()) root = new TermRotateOnEntryBad(root, null);
            else root = new TermRotateOnEntryBad(null, root);
        }
        return root;
    }

    // A right spine with as many nodes as t, each with a leaf on its left.
    static TermRotateOnEntryBad toSpine(TermRotateOnEntryBad t) {
        TermRotateOnEntryBad spine = null;
        while (t != null) {
            if (t.left == null) {
                spine = new TermRotateOnEntryBad(new TermRotateOnEntryBad(null, null), spine);
                t = t.right;
            } else {
                TermRotateOnEntryBad l = t.left;
                t = new TermRotateOnEntryBad(l.left, new TermRotateOnEntryBad(l.right, t.right));
            }
        }
        return spine;
    }

    public static void main(String[] args) {
        TermRotateOnEntryBad t = build(args);
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
