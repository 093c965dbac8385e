// A tree built by a recursive insertion that stores only new nodes (issue
// 13): after each call the tree is still a tree, so the walks that follow
// terminate (TPDB BOG_RTA_11/SearchTreeR, Costa_Julia_09-recursive/BTree).
// EXPECT: termcomp -> YES
// EXPECT: analyze --int-semantics math -> YES no-nonterminating
public class TermTreeInsert {
    TermTreeInsert left, right;
    int value;

    TermTreeInsert(int v) {
        value = v;
        left = null;
    }

    void insert(int v) {
        if (v <= value) {
            if (left == null) left = new TermTreeInsert(v);
            else left.insert(v);
        } else {
            if (right == null) right = new TermTreeInsert(v);
            else right.insert(v);
        }
    }

    int leftmost() {
        int depth = 0;
        TermTreeInsert p = this;
        while (p != null) {
            depth++;
            p = p.left;
        }
        return depth;
    }

    public static void main(String[] args) {
        TermTreeInsert t = new TermTreeInsert(args.length);
        for (int i = 0; i < args.length; i++) t.insert(args[i].length());
        t.leftmost();
    }
}
