// Sharing in the open hidden by a recursive call (found by a review): b is
// both root.left.left and root.right; the call a.grow forgets a's fields,
// so the shape lies partly in what the state no longer shows and root must
// be marked non-tree. Else `a %$ b` was dropped as implied by root's
// "tree", the write b.left = a closed the cycle a -> b -> a unseen, and
// the walk got a wrong YES. With no arguments it runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze -> NO
public class TermTreeHiddenShare {
    TermTreeHiddenShare left, right;

    void grow(int n) {
        if (n <= 0) return;
        if (right == null) right = new TermTreeHiddenShare();
        else right.grow(n - 1);
    }

    public static void main(String[] args) {
        TermTreeHiddenShare root = new TermTreeHiddenShare();
        TermTreeHiddenShare a = new TermTreeHiddenShare();
        TermTreeHiddenShare b = new TermTreeHiddenShare();
        a.left = b;
        root.left = a;
        root.right = b;
        a.grow(args.length);
        TermTreeHiddenShare c = new TermTreeHiddenShare(), prev = c;
        for (int i = 0; i < args.length; i++) {
            prev = c;
            c.right = new TermTreeHiddenShare();
            c = c.right;
        }
        if (prev == c) root.right.left = root.left;
        int d = 0;
        for (TermTreeHiddenShare x = root.left; x != null; x = x.left) d++;
        System.out.println(d);
    }
}
