package live;

// Integer.valueOf caches -128..127 on the JVM; jhalt's model never does.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundBoxCache {
    static long run(int i) {
        long n = 0;
        while (Integer.valueOf(i) != Integer.valueOf(i)) {
            for (int k = 0; k < 20; k++) n += k ^ i;
            i--;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run(500_000_000);
        System.out.println("done " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
