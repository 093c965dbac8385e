// grow returns a number one bigger than its argument, so the loop replaces x
// by a number as big as x and runs forever (for any argument). A fact such
// as |grow(x)| <= |x| must not be stated on grow's summaries; |grow(x)| >=
// |x| holds and does not help.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermResultSizeBad {
    static class Nat {
        Nat pred;

        Nat(Nat pred) {
            this.pred = pred;
        }
    }

    static Nat grow(Nat x) {
        if (x.pred == null) return new Nat(new Nat(null));
        Nat g = grow(x.pred);
        return new Nat(g);
    }

    public static void main(String[] args) {
        Nat x = new Nat(null);
        for (int i = 0; i < args.length; i++) x = new Nat(x);
        while (x.pred != null) x = grow(x.pred);
        System.out.println("never");
    }
}
