// A walk along a list whose nodes hold trees, clearing each tree with a
// recursive call that writes the trees' int fields. The call may change
// everything under p.tree, so p's size is unknown afterwards - except that
// the part of p outside p.tree is kept: |p|' - |p.tree|' = |p| - |p.tree|,
// which bounds p.next, read after the call.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermSizeAroundCall {
    static class Tree {
        Tree left, right;
        int val;
    }

    static class Cell {
        Tree tree;
        Cell next;
    }

    static void clear(Tree t) {
        if (t == null) return;
        t.val = 0;
        clear(t.left);
        clear(t.right);
    }

    static Tree tree(int depth) {
        if (depth <= 0) return null;
        Tree t = new Tree();
        t.val = depth;
        t.left = tree(depth - 1);
        return t;
    }

    public static void main(String[] args) {
        Cell list = null;
        for (String a : args) {
            Cell c = new Cell();
            c.tree = tree(a.length());
            c.next = list;
            list = c;
        }
        int n = 0;
        for (Cell p = list; p != null; p = p.next) {
            clear(p.tree);
            n++;
        }
        System.out.println(n);
    }
}
