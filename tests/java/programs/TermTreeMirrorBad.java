// Almost a swap of two fields, but the second store puts the node itself
// into its right child (`t.right = t`): a cycle, so the recursion on
// t.right never ends. It must never get YES (a guard for any future
// treatment of swaps as shape-keeping writes).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermTreeMirrorBad {
    TermTreeMirrorBad left, right;

    static void mirror(TermTreeMirrorBad t) {
        if (t == null) return;
        TermTreeMirrorBad tmp = t.right;
        t.left = t.right;
        t.right = t;
        mirror(t.left);
        mirror(t.right);
    }

    public static void main(String[] args) {
        TermTreeMirrorBad t = new TermTreeMirrorBad();
        mirror(t);
    }
}
