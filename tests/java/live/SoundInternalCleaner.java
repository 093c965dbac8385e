package live;

import jdk.internal.ref.CleanerFactory;

// An application action registered with the JDK's common cleaner runs on the
// real "Common-Cleaner" thread once the object is collected.
// Needs --add-exports java.base/jdk.internal.ref=ALL-UNNAMED
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:--add-exports,java.base/jdk.internal.ref=ALL-UNNAMED,-Xmn400m
public class SoundInternalCleaner {
    static volatile boolean cleaned;
    static Object sink;
    static long run() {
        long n = 0;
        while (!cleaned) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        CleanerFactory.cleaner().register(new Object(), () -> cleaned = true);
        long n = run();
        System.out.println("cleaned after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
