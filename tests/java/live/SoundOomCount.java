package live;

// Each iteration asks for a 128 MB array; with -Xmx64m the JVM always throws
// OutOfMemoryError, which the loop counts; it ends after many failures.
// jhalt's evaluator creates arrays of up to 2^24 elements whatever the heap.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmx64m
public class SoundOomCount {
    static Object sink;
    static long run() {
        long failures = 0;
        while (failures < 4_000) {
            try {
                sink = new long[16_000_000];
                sink = null;
            } catch (OutOfMemoryError e) {
                failures++;
            }
        }
        return failures;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("failures " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
