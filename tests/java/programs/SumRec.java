// Paper 001, Fig. 1 style: sum(n) recurses on n - 1 until n == 0, so a
// negative argument recurses forever (mathematical integers, unbounded
// stack); on the JVM it ends in StackOverflowError even with -Xss256m.
// Only the CLP engine proves infinite recursion.
public class SumRec {
    static int sum(int n) {
        if (n == 0) return 0;
        return n + sum(n - 1);
    }

    public static void main(String[] args) {
        sum(args.length - 1);
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine clp --int-semantics math -> NO nonterminating:recursion:8
// EXPECT: analyze --engine clp --int-semantics math --method 'SumRec.sum(I)I' -> NO nonterminating:recursion:8
// On the JVM the infinite recursion ends in a StackOverflowError:
// EXPECT: analyze --engine clp -> MAYBE exception:java/lang/StackOverflowError:8:runtime no-nonterminating
// EXPECT: termcomp --engine seg -> MAYBE
