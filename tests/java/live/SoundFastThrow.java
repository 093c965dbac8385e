package live;

// HotSpot's compiled code throws one preallocated ArithmeticException for
// "/ by zero" once the site is hot (-XX:+OmitStackTraceInFastThrow, the
// default): the loop counts how often it catches the same object as last
// time and ends after many. jhalt's evaluator makes a new exception each time.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundFastThrow {
    static int zero = 0;
    static long run() {
        long same = 0;
        Object last = null;
        while (same < 12_000_000_000L) {
            try {
                same += 10 / zero;
            } catch (ArithmeticException e) {
                if (e == last) same++;
                last = e;
            }
        }
        return same;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("same " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
