// TermGcdSubtract without mod's `a == b` case: mod(b, b) returns b, so gcd
// goes from (2, 1) to (1, 1) and stays there forever. The pairs that let the
// correct version cut steps are feasible here: no YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermGcdSubtractBad {
    static int mod(int a, int b) {
        if (a <= 0 || b <= 0) return 0;
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
