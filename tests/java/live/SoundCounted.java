package live;

// A plain counted loop that keeps an array's length in a local.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundCounted {
    static int[] data = new int[50];
    static long run() {
        long sum = 0;
        int seen = -1;
        for (int i = 0; i < 2_000_000_000; i++) {
            if (seen < data.length) sum++;
            seen = data.length;
            sum += i ^ seen;
        }
        return sum;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long s = 0;
        for (int r = 0; r < 8; r++) s += run();
        System.out.println("done " + s + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
