// Right rotations at the root until its left subtree is empty (the TPDB's
// TreeLeftmostPath): the writes share a node through two fields for a
// moment, a shape the state shows explicitly, so no heap predicate is
// needed (thesis 002, Def. 1.10(n)) and the tree stays a tree: the size of
// root.left decreases. Each node holds an Object: a node reached while the
// tree is built is never that value (a field of type TermTreeRotation
// cannot hold a plain Object), or the tree would look shared.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermTreeRotation {
    TermTreeRotation left, right;
    Object value = new Object();

    static TermTreeRotation build(String[] args) {
        TermTreeRotation root = new TermTreeRotation();
        TermTreeRotation t = root;
        for (String a : args) {
            if (a.length() % 2 == 0) {
                if (t.left == null) { t.left = new TermTreeRotation(); t = root; } else t = t.left;
            } else {
                if (t.right == null) { t.right = new TermTreeRotation(); t = root; } else t = t.right;
            }
        }
        return root;
    }

    public static void main(String[] args) {
        TermTreeRotation tree = build(args);
        int rotations = 0;
        while (tree.left != null) {
            TermTreeRotation tl = tree.left;
            TermTreeRotation tll = tl.left;
            TermTreeRotation tlr = tl.right;
            TermTreeRotation tr = tree.right;
            tree.right = tl;
            tl.right = tr;
            tl.left = tlr;
            tree.left = tll;
            rotations++;
        }
        System.out.println(rotations);
    }
}
