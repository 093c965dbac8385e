package live;

// A Class object kept in a field (the JVM's own) compared with getClass().
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundClassCmp {
    static final Class<?> K = String.class;
    static Object o = "x";
    static long run() {
        long count = 0;
        while (count < 15_000_000_000L) {
            if (o.getClass() == K) count++;
        }
        return count;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("done " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
