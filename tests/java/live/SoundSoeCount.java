package live;

// Each iteration recurses 600 deep; on the JVM run with -Xint -Xss136k that
// always throws StackOverflowError, which the loop counts; the loop ends
// after 100000 overflows. jhalt's evaluator has no stack limit, so in its
// runs deep() returns and the count never changes.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xint,-Xss136k
public class SoundSoeCount {
    static int deep(int n) { return n == 0 ? 0 : 1 + deep(n - 1); }
    static int run() {
        int overflows = 0;
        while (overflows < 100000) {
            try {
                deep(600);
            } catch (StackOverflowError e) {
                overflows++;
            }
        }
        return overflows;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        int n = run();
        System.out.println("overflows " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
