package live;

import java.lang.ref.Cleaner;

// An application Cleaner whose thread (made by the application's factory)
// is named "Common-Cleaner" in a thread group named "InnocuousThreadGroup",
// like the JDK's common cleaner. Its cleaning action (application code)
// sets the flag the loop waits for once the registered object is collected.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmn400m
public class SoundFakeCleaner {
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
        ThreadGroup g = new ThreadGroup("InnocuousThreadGroup");
        Cleaner c = Cleaner.create(r -> {
            Thread t = new Thread(g, r, "Common-Cleaner");
            t.setDaemon(true);
            return t;
        });
        c.register(new Object(), () -> cleaned = true);
        long n = run();
        System.out.println("cleaned after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
