// Soundness regression (issue 13 review): a product of constants whose
// half is -2^63 once made a guard wrap in int64 and the loop "dead".
public class SoundMinConstant {
    static int f(int n) {
        while (n > 0) {
            int m = -1;
            int c = m * 7 * 7 * 73 * 127 * 337 * 92737 * 649657;
            int q = c >> 1;
        }
        return n;
    }

    public static void main(String[] args) {
        f(args.length + 1);
    }
}
// EXPECT: termcomp -> NO
