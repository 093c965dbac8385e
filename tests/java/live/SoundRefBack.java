package live;

// The loop writes a shared field and reads it back; another thread starts
// overwriting the field after 5 s.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundRefBack {
    static volatile Object ref;
    static final Object A = new Object(), B = new Object();
    static volatile boolean over;
    static long run() {
        long n = 0;
        while (true) {
            ref = A;
            if (ref != A) break;
            n++;
        }
        return n;
    }
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            try { Thread.sleep(5000); } catch (InterruptedException e) { return; }
            while (!over) ref = B;
        }, "writer");
        t.start();
        long n = run();
        over = true;
        t.join();
        System.out.println("done " + n);
    }
}
