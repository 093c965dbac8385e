// TermTreeBuild with one store that can close a cycle: a new node's left
// points back to the root. With the argument "b" the walk goes
// root -> root.right -> root -> ... forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermTreeBuildCycle {
    TermTreeBuildCycle left, right;

    static TermTreeBuildCycle build(String[] args) {
        TermTreeBuildCycle root = new TermTreeBuildCycle();
        TermTreeBuildCycle t = root;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 1) {
                if (t.left == null) {
                    t.left = new TermTreeBuildCycle();
                    t = root;
                } else {
                    t = t.left;
                }
            } else {
                if (t.right == null) {
                    t.right = new TermTreeBuildCycle();
                    t.right.left = root;
                    t = root;
                } else {
                    t = t.right;
                }
            }
        }
        return root;
    }

    public static void main(String[] args) {
        TermTreeBuildCycle x = build(args);
        int steps = 0;
        while (x != null) {
            steps++;
            x = x.left == null ? x.right : x.left;
        }
        System.out.println(steps);
    }
}
