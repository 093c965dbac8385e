// The first level of a recursion writes a field of its receiver before it
// recurses: grow(j) with j > 0 sets this.next to a new node, and the inner
// calls only touch that node's list. The caller's wait loop on a.next is
// never entered. With the outermost call abstracted like the inner ones its
// effect on a is forgotten; evaluated in main's context it is kept (the
// TPDB's CAppE).
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermOuterCallInContext {
    TermOuterCallInContext next;

    void grow(int i) {
        if (next == null) {
            if (i <= 0) return;
            next = new TermOuterCallInContext();
            i--;
        }
        next.grow(i);
    }

    public static void main(String[] args) {
        TermOuterCallInContext a = new TermOuterCallInContext();
        int j = args.length;
        if (j > 0) {
            a.grow(j);
            while (a.next == null) { }
        }
        System.out.println("grown");
    }
}
