package live;

// A local that sometimes holds an array's length (a "constant" reference in
// jhalt's concolic run) and sometimes a counter. Terminates when z reaches LIMIT.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundConstRef {
    static int[] ARR = new int[50];
    static final int LIMIT = 2_100_000_000;

    static long run() {
        int z = 0, k = 0, phase = 0;
        int L = ARR.length;
        long n = 0;
        while (true) {
            if (phase == 0) {
                if (L >= LIMIT) break;
                phase = 1;
                z++;
            } else {
                if ((k & 1) == 0) L = ARR.length; else L = z;
                phase = 0;
                k++;
            }
            n++;
        }
        return n;
    }

    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("done " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
