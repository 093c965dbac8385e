package live;

import java.lang.ref.WeakReference;

// Spins until the GC clears a weak reference; allocates a little per iteration.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmn200m
public class SoundWeakGone {
    static Object sink;
    static long run(WeakReference<Object> ref) {
        long n = 0;
        while (ref.get() != null) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        WeakReference<Object> ref = new WeakReference<>(new Object());
        long n = run(ref);
        System.out.println("cleared after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
