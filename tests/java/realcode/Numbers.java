// float, double, long, char, byte and short values as parameters and in
// comparisons (issue 10: every value kind is handled or makes a path
// MAYBE; nothing crashes).
public class Numbers {
    static boolean lt(double a, double b) { return a < b; }
    static boolean ltf(float a, float b) { return a < b; }
    static boolean ltl(long a, long b) { return a < b; }
    static int cmpChars(char a, byte b, short c) { return a < b ? -1 : (b < c ? 0 : 1); }

    static double halve(double d) {
        while (d > 1.0) d = d / 2;
        return d;
    }

    // Runs forever for NaN? No: NaN > 1.0 is false. For +Infinity: inf / 2 is inf.
    static int spin(float f) {
        int n = 0;
        while (f > 1.0f) { f = f / 2; n++; }
        return n;
    }

    static long mix(long a, int b) {
        return a / b + (long) b * a;
    }
}
// EXPECT: analyze --method 'Numbers.lt(DD)Z' -> MAYBE no-exceptions no-nonterminating
// EXPECT: analyze --method 'Numbers.ltf(FF)Z' -> MAYBE no-exceptions no-nonterminating
// EXPECT: analyze --method 'Numbers.ltl(JJ)Z' -> MAYBE no-exceptions no-nonterminating
// EXPECT: analyze --method 'Numbers.cmpChars(CBS)I' -> YES no-exceptions no-nonterminating
// EXPECT: analyze --method 'Numbers.halve(D)D' -> MAYBE no-exceptions
// EXPECT: analyze --method 'Numbers.spin(F)I' -> MAYBE no-exceptions
// EXPECT: analyze --method 'Numbers.mix(JI)J' -> MAYBE exception:java/lang/ArithmeticException:23:runtime
