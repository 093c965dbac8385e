package live;

import javax.imageio.stream.ImageInputStreamImpl;

// The finalizer of a JDK class (ImageInputStreamImpl.finalize) calls close(),
// which the application overrides; no application class declares finalize().
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmn200m
public class SoundFinalize {
    static volatile boolean closed;
    static Object sink;
    static final class Stream extends ImageInputStreamImpl {
        public int read() { return -1; }
        public int read(byte[] b, int off, int len) { return -1; }
        public void close() { closed = true; }
    }
    static long run() {
        long n = 0;
        while (!closed) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        new Stream();
        long n = run();
        System.out.println("closed after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
