// Termination proofs in both integer semantics (issue 13 item 4): a YES
// says whether it holds for mathematical integers, for JVM ints, or both.
// Under JVM semantics the proof must exclude every int overflow on the
// ranked loops; a loop that ends only over the integers never gets a JVM YES.
public class TermJvm {
    // i < n <= MAX_VALUE: i + 1 never overflows. YES in both.
    static int upTo(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s = i;
        return s;
    }

    // i <= n: for n = MAX_VALUE i wraps to MIN_VALUE and the loop never ends.
    static void upToInclusive(int n) {
        for (int i = 0; i <= n; i++) { }
    }

    // Steps of 2 below n may jump past MAX_VALUE.
    static void byTwo(int n) {
        for (int i = 0; i < n; i += 2) { }
    }

    // Halving: no overflow anywhere. YES in both.
    static int halve(int x) {
        while (x > 1) x = x / 2;
        return x;
    }

    // PastaA9: needs the invariant y >= 1 at the loop; z + y may overflow.
    static void chase(int x, int y, int z) {
        if (y > 0) {
            while (x >= z) z += y;
        }
    }

    // A sum that may overflow inside the loop: the loop still ends on the
    // JVM, but after a wrap the run goes on with unknown values (MAYBE).
    static int sumDown(int n) {
        int s = 0;
        while (n > 0) {
            s += n;
            n--;
        }
        return s;
    }

    // Overflow outside loops only changes values: the run goes on to the
    // next loop head or returns. YES in both.
    static int mixed(int a, int b) {
        int m = a * 3 + b;
        int s = 0;
        for (int i = 0; i < b; i++) s = i;
        return m + s + 1;
    }
}
// EXPECT: analyze --method 'TermJvm.mixed(II)I' -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.mixed(II)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.upTo(I)I' -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.upTo(I)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.upToInclusive(I)V' -> NO nonterminating:recurrent:15
// EXPECT: analyze --method 'TermJvm.upToInclusive(I)V' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.byTwo(I)V' -> MAYBE
// EXPECT: analyze --method 'TermJvm.byTwo(I)V' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.halve(I)I' -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.halve(I)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.chase(III)V' -> MAYBE
// EXPECT: analyze --method 'TermJvm.chase(III)V' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermJvm.sumDown(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'TermJvm.sumDown(I)I' --int-semantics math -> YES no-nonterminating
