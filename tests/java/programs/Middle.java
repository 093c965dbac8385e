// Non-looping non-termination where the loop condition alone is not
// preserved (paper 000, Thm. 8 needs an invariant): i != j does not carry
// over from one iteration to the next (i = j + 2 becomes i = j), but i < j
// does. The witness run suggests the invariant (see LoopProver::proveFrom);
// on the JVM the difference stays odd, so the loop never ends there either.
public class Middle {
    static int middle(int i, int j) {
        while (i != j) {
            i--;
            j++;
        }
        return i;
    }

    public static void main(String[] args) {
        middle(args.length, args.length + 1);
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --method 'Middle.middle(II)I' -> NO nonterminating:non-looping:8
// EXPECT: analyze --method 'Middle.middle(II)I' --int-semantics math -> NO nonterminating:non-looping:8
