package live;

import java.lang.management.*;
import javax.management.*;

// A GC notification listener (application code) sets the flag; the JVM runs
// it on its "Notification Thread".
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmn200m
public class SoundGcNote {
    static volatile boolean done;
    static volatile String where;
    static Object sink;
    static long run() {
        long n = 0;
        while (!done) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
            ((NotificationEmitter) gc).addNotificationListener((Notification n, Object hb) -> {
                where = Thread.currentThread().getName() + "/" + Thread.currentThread().getThreadGroup().getName();
                done = true;
            }, null, null);
        long n = run();
        System.out.println("notified after " + (System.currentTimeMillis() - t0) + " ms on " + where + " " + n);
    }
}
