// Natural numbers as chains of `pred` links (the TPDB's DivTernary2). Nat is
// not final, but no application class extends it, so an object whose `pred`
// the state shows is exactly 1 + |pred| big (the unread int field does not
// count in sizes): when y.pred is null, |y| = 1, and the recursion that
// replaces y by z is followed by one that decreases x.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermClosedClassDiv {
    static class Nat {
        Nat pred;
        int tag;

        Nat(int n) {
            if (n <= 0) {
                pred = null;
            } else {
                pred = new Nat(n - 1);
            }
        }

        boolean isZero() {
            return pred == null;
        }
    }

    static int div(Nat x, Nat y, Nat z) {
        if (z.isZero()) return 0;
        if (y.isZero()) return 1 + div(x, z, z);
        if (x.isZero()) return 0;
        return div(x.pred, y.pred, z);
    }

    public static void main(String[] args) {
        Nat x = new Nat(args.length);
        Nat y = new Nat(args.length > 0 ? args[0].length() : 0);
        System.out.println(div(x, y, y));
    }
}
