// TermTreeRotateInPlace with the old root hung below its left child: the
// root's left subtree then reaches the root again (tl.right = tree), a
// cycle; with one argument the loop runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermTreeRotateInPlaceBad {
    TermTreeRotateInPlaceBad left, right;

    public static void main(String[] args) {
        TermTreeRotateInPlaceBad tree = new TermTreeRotateInPlaceBad();
        if (args.length > 0) tree.left = new TermTreeRotateInPlaceBad();
        while (tree.left != null) {
            TermTreeRotateInPlaceBad tl = tree.left;
            tl.right = tree;
            tl.left = tl.right;
            tree.left = tl;
        }
    }
}
