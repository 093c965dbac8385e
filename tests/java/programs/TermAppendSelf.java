// TermAppendLeaves appending the tree below its own right spine when it
// has no left subtree: `t.right = t1` closes a cycle, and the loop keeps
// walking it. With one argument "a" the tree is root -> right, and
// append(root, root) makes it cyclic; the walk never ends.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermAppendSelf {
    TermAppendSelf left, right;

    static TermAppendSelf append(TermAppendSelf t1, TermAppendSelf t2) {
        if (t1 == null) return t2;
        TermAppendSelf t = t1;
        while (t.right != null) t = t.right;
        t.right = t2;
        return t1;
    }

    public static void main(String[] args) {
        TermAppendSelf t1 = new TermAppendSelf();
        if (args.length > 0) t1.right = new TermAppendSelf();
        t1 = append(t1, args.length > 0 ? t1 : null);
        int n = 0;
        while (t1 != null) {
            t1 = t1.right;
            n++;
        }
        System.out.println(n);
    }
}
