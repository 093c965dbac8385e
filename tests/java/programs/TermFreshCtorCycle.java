// A recursive constructor: the inner constructions write into new objects,
// but the outermost one writes into the caller's object, here a self-loop
// at the end of the chain, so the walk afterwards never ends.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermFreshCtorCycle {
    TermFreshCtorCycle next;

    TermFreshCtorCycle(int n) {
        if (n > 0) next = new TermFreshCtorCycle(n - 1);
        else next = this;
    }

    public static void main(String[] args) {
        TermFreshCtorCycle l = new TermFreshCtorCycle(args.length);
        int k = 0;
        for (TermFreshCtorCycle x = l; x != null; x = x.next) k++;
        System.out.println(k);
    }
}
