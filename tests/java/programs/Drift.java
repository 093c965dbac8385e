// Non-looping non-termination (paper 000, Thm. 8) that also holds on the
// JVM: x and y change in every iteration, but their difference does not, so
// x != y stays true (also modulo 2^32).
public class Drift {
    static void drift(int x, int y) {
        while (x != y) {
            x += 2;
            y += 2;
        }
    }

    public static void main(String[] args) {
        int x = args.length;
        drift(x, x + 1);
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --method 'Drift.drift(II)V' -> NO nonterminating:non-looping:6
