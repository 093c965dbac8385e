// Paper 000, Fig. 10: non-looping non-termination for x >= y >= 0 (with
// mathematical integers; on the JVM x + y eventually overflows).
public class NonLoop {
    public static void nonLoop(int x, int y) {
        if (y >= 0) {
            while (x >= y) {
                int z = x - y;
                if (z > 0) {
                    x--;
                } else {
                    x = 2 * x + 1;
                    y++;
                }
            }
        }
    }

    public static void main(String[] args) {
        nonLoop(args.length, args.length > 0 ? args[0].length() : 0);
    }
}
// With mathematical integers the loop runs forever for x >= y >= 0 (Thm. 8).
// On the JVM x overflows and the loop ends: never a NO under JVM semantics.
// EXPECT: analyze --method 'NonLoop.nonLoop(II)V' --int-semantics math -> NO nonterminating:non-looping:6
// EXPECT: analyze --method 'NonLoop.nonLoop(II)V' -> MAYBE no-nonterminating
