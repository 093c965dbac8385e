package live;

import java.lang.ref.*;

// The Reference Handler thread enqueues the cleared reference.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmn200m
public class SoundRefQueue {
    static Object sink;
    static Reference<Object> keep;
    static long run(ReferenceQueue<Object> q) {
        long n = 0;
        while (q.poll() == null) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        ReferenceQueue<Object> q = new ReferenceQueue<>();
        keep = new WeakReference<>(new Object(), q);
        long n = run(q);
        System.out.println("enqueued after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
