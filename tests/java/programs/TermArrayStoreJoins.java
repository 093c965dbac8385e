// Found by a review: arr[0] = b where b is tied to a only by `a %$ b` (a's
// fields forgotten by a recursive call): the array must share with a too
// (Def. 1.10(m)), else the element read back is unrelated to a and the
// cycle a -> b -> c -> a closes unseen. The walk runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermArrayStoreJoins {
    TermArrayStoreJoins left, right;
    void grow(int n) { if (n <= 0) return; if (right == null) right = new TermArrayStoreJoins(); else right.grow(n - 1); }
    public static void main(String[] args) {
        TermArrayStoreJoins a = new TermArrayStoreJoins(), b = new TermArrayStoreJoins(), c = new TermArrayStoreJoins();
        a.left = b;
        a.grow(args.length);            // a's fields hidden (a tree); b stays a local: a %$ b
        TermArrayStoreJoins[] arr = new TermArrayStoreJoins[args.length + 1];
        arr[0] = b;                     // b now only below a (hidden) and in arr's unshown elements: arr %$ a is missing
        TermArrayStoreJoins p = arr[0];                // a fresh reference, unrelated to a
        if (p != null) p.left = c;      // b.left = c
        c.left = a;                     // a -> b -> c -> a
        int d = 0;
        for (TermArrayStoreJoins x = c; x != null; x = x.left) d++;
        System.out.println(d);
    }
}
