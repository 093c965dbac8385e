// Euclid's algorithm by subtraction with the remainder in a helper (the
// TPDB's Aprove_09/GCD): mod(a, b) may return b itself (a = 2b), and the
// next iteration then ends through a == b. No single linear function ranks
// the outer loop; once the inner loop is ranked, "a > b into mod" can be
// followed by nothing left, and then neither can mod's return.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermGcdSubtract {
    static int mod(int a, int b) {
        if (a <= 0 || b <= 0) return 0;
        if (a == b) return 0;
        while (a > b) a -= b;
        return a;
    }

    static int gcd(int a, int b) {
        while (b != 0) {
            int tmp = b;
            b = mod(a, b);
            a = tmp;
        }
        return a;
    }

    public static void main(String[] args) {
        System.out.println(gcd(args.length, args.length > 0 ? args[0].length() : 0));
    }
}
