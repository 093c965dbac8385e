// Mutual recursion: even and odd call each other on n - 1; from a negative
// argument neither reaches 0 (the reference prover's EvenOdd problem).
public class MutualRec {
    static boolean even(int n) {
        if (n == 0) return true;
        return odd(n - 1);
    }

    static boolean odd(int n) {
        if (n == 0) return false;
        return even(n - 1);
    }

    public static void main(String[] args) {
        even(args.length - 2);
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine clp --int-semantics math -> NO nonterminating:recursion
// EXPECT: analyze --engine clp -> MAYBE exception:java/lang/StackOverflowError
