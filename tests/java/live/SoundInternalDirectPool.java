package live;

import java.nio.ByteBuffer;
import jdk.internal.access.SharedSecrets;
import jdk.internal.misc.VM;

// Spins until the direct buffer it dropped has been freed: the Reference
// Handler thread runs the buffer's Cleaner (jdk.internal.ref.Cleaner), which
// decrements java.nio.Bits.COUNT. No application thread but main.
// Needs --add-exports java.base/jdk.internal.access=ALL-UNNAMED
//       --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:--add-exports,java.base/jdk.internal.access=ALL-UNNAMED,--add-exports,java.base/jdk.internal.misc=ALL-UNNAMED,-Xmn400m
public class SoundInternalDirectPool {
    static Object sink;
    static long run(VM.BufferPool pool, long start) {
        long n = 0;
        while (pool.getCount() >= start) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        VM.BufferPool pool = SharedSecrets.getJavaNioAccess().getDirectBufferPool();
        ByteBuffer.allocateDirect(1024);
        long start = pool.getCount();
        long n = run(pool, start);
        System.out.println("freed after " + (System.currentTimeMillis() - t0) + " ms, count " + start + " -> " + pool.getCount() + " " + n);
    }
}
