// Loops whose fate depends on JVM arithmetic (issue 10): some run forever
// only because values wrap around (NO under jvm, not under math), some end
// only because they do (NO under math, never under jvm).
public class JvmArithmetic {
    // No int is greater than Integer.MAX_VALUE: the exit test never holds.
    static void upToMax() {
        for (int i = 0; i <= Integer.MAX_VALUE; i++) { }
    }

    // The same for longs.
    static void upToLongMax() {
        for (long l = 0; l <= Long.MAX_VALUE; l++) { }
    }

    // A char is below 70000: c++ wraps to 0.
    static void chars() {
        for (char c = 0; c < 70000; c++) { }
    }

    // i *= 2 reaches Integer.MIN_VALUE on the JVM (the loop ends), never
    // for mathematical integers.
    static void grow() {
        int i = 1;
        while (i > 0) i *= 2;
    }

    // -Integer.MIN_VALUE is Integer.MIN_VALUE on the JVM.
    static int absLoop(int x) {
        while (x < 0) x = -x;
        return x;
    }

    // i stays even and Integer.MAX_VALUE is odd: on the JVM i wraps around
    // and never reaches it (a parity invariant).
    static void evens() {
        for (int i = 0; i < Integer.MAX_VALUE; i += 2) { }
    }

    // Terminates in both semantics.
    static int countDown(int n) {
        while (n > 0) n--;
        return n;
    }
}
// EXPECT: analyze --method 'JvmArithmetic.upToMax()V' -> NO nonterminating:non-looping:7
// EXPECT: analyze --method 'JvmArithmetic.upToMax()V' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'JvmArithmetic.upToLongMax()V' -> NO nonterminating:non-looping:12
// EXPECT: analyze --method 'JvmArithmetic.upToLongMax()V' --int-semantics math -> MAYBE no-nonterminating
// EXPECT: analyze --method 'JvmArithmetic.chars()V' -> NO nonterminating
// EXPECT: analyze --method 'JvmArithmetic.grow()V' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'JvmArithmetic.grow()V' --int-semantics math -> NO nonterminating:non-looping:24
// EXPECT: analyze --method 'JvmArithmetic.absLoop(I)I' -> NO nonterminating:looping:29 params:[-2147483648]
// EXPECT: analyze --method 'JvmArithmetic.absLoop(I)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'JvmArithmetic.evens()V' -> NO nonterminating:non-looping:36
// EXPECT: analyze --method 'JvmArithmetic.evens()V' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'JvmArithmetic.countDown(I)I' -> YES no-nonterminating no-exceptions
// EXPECT: analyze --method 'JvmArithmetic.countDown(I)I' --int-semantics math -> YES no-nonterminating
