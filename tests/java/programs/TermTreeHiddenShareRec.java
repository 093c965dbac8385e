// TermTreeHiddenShare with a recursive size over the structure: with no
// arguments it recurses until StackOverflowError.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermTreeHiddenShareRec {
    TermTreeHiddenShareRec left, right;

    void grow(int n) {
        if (n <= 0) return;
        if (right == null) right = new TermTreeHiddenShareRec();
        else right.grow(n - 1);
    }

    static int size(TermTreeHiddenShareRec m) {
        return m == null ? 0 : 1 + size(m.left) + size(m.right);
    }

    public static void main(String[] args) {
        TermTreeHiddenShareRec root = new TermTreeHiddenShareRec();
        TermTreeHiddenShareRec a = new TermTreeHiddenShareRec();
        TermTreeHiddenShareRec b = new TermTreeHiddenShareRec();
        a.left = b;
        root.left = a;
        root.right = b;
        a.grow(args.length);
        TermTreeHiddenShareRec c = new TermTreeHiddenShareRec(), prev = c;
        for (int i = 0; i < args.length; i++) {
            prev = c;
            c.right = new TermTreeHiddenShareRec();
            c = c.right;
        }
        if (prev == c) root.right.left = root.left;
        System.out.println(size(root.left));
    }
}
