// The first recursive call writes into the left subtree only; the right
// subtree, read before it, cannot be reached from it, so its size is the
// same after the call and the second call's argument is smaller than t.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermSummaryKeepsSizes {
    static class Tree {
        Tree left, right;
        int visits;
    }

    static void walk(Tree t) {
        if (t == null) return;
        Tree right = t.right;
        t.visits++;
        walk(t.left);
        walk(right);
    }

    static Tree build(int n) {
        if (n <= 0) return null;
        Tree t = new Tree();
        t.left = build(n - 1);
        t.right = build(n - 2);
        return t;
    }

    public static void main(String[] args) {
        Tree t = build(args.length);
        walk(t);
    }
}
