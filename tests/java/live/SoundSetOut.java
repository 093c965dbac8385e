package live;

import java.io.PrintStream;

// System.out is a static final field that System.setOut changes (natively).
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundSetOut {
    static volatile int tick = 1;
    static long run(PrintStream orig) {
        long n = 0;
        while (System.out == orig) n += tick;
        return n;
    }
    public static void main(String[] args) throws Exception {
        PrintStream orig = System.out;
        Thread t = new Thread(() -> {
            try { Thread.sleep(6000); } catch (InterruptedException e) { return; }
            System.setOut(new PrintStream(orig));
        }, "redirector");
        t.start();
        long n = run(orig);
        t.join();
        System.out.println("done " + n);
    }
}
