// A rotation in place (the TPDB's TreeLeftmostPath): for a moment the root
// reaches its old left child twice, through fields the graph shows, which
// needs no sharing predicate; the root's left subtree shrinks each time.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermTreeRotateInPlace {
    TermTreeRotateInPlace left, right;

    public static void main(String[] args) {
        TermTreeRotateInPlace tree = new TermTreeRotateInPlace();
        TermTreeRotateInPlace t = tree;
        for (int i = 0; i < args.length; i++) {
            if (t.left == null) {
                t.left = new TermTreeRotateInPlace();
                t = tree;
            } else {
                t = t.left;
            }
        }
        while (tree.left != null) {
            TermTreeRotateInPlace tl = tree.left;
            TermTreeRotateInPlace tll = tl.left;
            TermTreeRotateInPlace tlr = tl.right;
            TermTreeRotateInPlace tr = tree.right;
            tree.right = tl;
            tl.right = tr;
            tl.left = tlr;
            tree.left = tll;
        }
    }
}
