package live;

// JDK 17's Integer.toString(0) makes a new String; jhalt's Integer model
// returns the literal "0", so `==` with the literal differs.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundZeroString {
    static int z = 0;
    static long run() {
        long misses = 0;
        while (misses < 8_000_000_000L) {
            if (Integer.toString(z) != "0") misses++;
        }
        return misses;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("misses " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
