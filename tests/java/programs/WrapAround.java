// Loops that end only because JVM integers wrap around (issue 10): for
// mathematical integers they run forever (the TPDB convention: termcomp
// says NO), on the JVM they end after about 2^32 steps, so analyze (JVM
// semantics by default) must never say NO. Every run gives the same answer.
public class WrapAround {
    public static void main(String[] args) {
        int n = -args.length;
        int i = 0, k = 0;
        while (i != n) {
            i++;
            k += i % 3;
        }
    }

    static int sumTo(int n) {
        int s = 0;
        for (int i = 0; i != n; i++) s += i;
        return s;
    }
}
// EXPECT: termcomp -> NO
// EXPECT: termcomp --int-semantics jvm -> MAYBE
// EXPECT: analyze -> MAYBE no-nonterminating
// EXPECT: analyze --int-semantics math -> NO nonterminating:non-looping:9
// EXPECT: analyze --method 'WrapAround.sumTo(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'WrapAround.sumTo(I)I' --int-semantics math -> NO nonterminating:non-looping:17
