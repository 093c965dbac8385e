// Division on Peano numbers (the TPDB's DivMinus): div recurses on
// minus(x.pred, y.pred), which the graph knows only as minus's result. The
// proof states, on every summary of a call of minus and copy, facts of their
// results shown by induction over their bodies: |minus(x, y)| <= |x| and
// |copy(x)| <= |x|; then div's first argument decreases.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermResultSizeRec {
    static class Nat {
        Nat pred;

        Nat(Nat pred) {
            this.pred = pred;
        }

        Nat copy() {
            if (pred == null) return new Nat(null);
            Nat c = pred.copy();
            return new Nat(c);
        }
    }

    static Nat make(int n) {
        Nat x = new Nat(null);
        for (int i = 0; i < n; i++) x = new Nat(x);
        return x;
    }

    static Nat minus(Nat x, Nat y) {
        if (y.pred == null) return x.copy();
        if (x.pred == null) return new Nat(null);
        return minus(x.pred, y.pred);
    }

    static Nat div(Nat x, Nat y) {
        if (y.pred == null || x.pred == null) return new Nat(null);
        return new Nat(div(minus(x.pred, y.pred), y));
    }

    public static void main(String[] args) {
        Nat x = make(args.length);
        Nat y = make(args.length > 0 ? args[0].length() : 0);
        div(x, y);
    }
}
