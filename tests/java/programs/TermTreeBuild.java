// A tree built by walking from the root and hanging a new node on the first
// free place (the TPDB's Tree.createTree): the walk pointer is the root, its
// left child or somewhere below, so a write through it must not make the
// tree look shared or cyclic. Then a walk down the left spine ends.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermTreeBuild {
    TermTreeBuild left, right;

    static TermTreeBuild build(String[] args) {
        TermTreeBuild root = new TermTreeBuild();
        TermTreeBuild t = root;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 1) {
                if (t.left == null) {
                    t.left = new TermTreeBuild();
                    t = root;
                } else {
                    t = t.left;
                }
            } else {
                if (t.right == null) {
                    t.right = new TermTreeBuild();
                    t = root;
                } else {
                    t = t.right;
                }
            }
        }
        return root;
    }

    public static void main(String[] args) {
        TermTreeBuild x = build(args);
        int depth = 0;
        while (x != null) {
            depth++;
            x = x.left;
        }
        System.out.println(depth);
    }
}
