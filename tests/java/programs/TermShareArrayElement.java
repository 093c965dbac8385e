// Found by a review: storing a into an array whose elements are not shown
// hides where a is; the holder must not count as a tree. With no
// arguments a.left = a and the walk runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermShareArrayElement {
    TermShareArrayElement left, right;
    static class H { TermShareArrayElement[] arr; TermShareArrayElement x; }
    public static void main(String[] args) {
        TermShareArrayElement a = new TermShareArrayElement();
        TermShareArrayElement[] arr = new TermShareArrayElement[args.length + 1];   // unknown length: elements not shown
        H h = new H();
        h.arr = arr;
        h.x = a;
        arr[0] = a;                                // a stored into an unshown position
        TermShareArrayElement l = new TermShareArrayElement(), cur = l, prev = l;
        for (int i = 0; i < args.length; i++) { prev = cur; cur.right = new TermShareArrayElement(); cur = cur.right; }
        if (prev == cur) {
            TermShareArrayElement e = h.arr[0];
            if (e != null) e.left = h.x;            // a.left = a
        }
        int d = 0;
        for (TermShareArrayElement x = h.x; x != null; x = x.left) d++;
        System.out.println(d);
    }
}
