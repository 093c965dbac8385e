package live;

// A thread of the application in the "system" thread group named like a JVM service thread.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundNamedThread {
    static volatile boolean done;
    static long run() {
        long n = 0;
        while (!done) n++;
        return n;
    }
    public static void main(String[] args) throws Exception {
        ThreadGroup sys = Thread.currentThread().getThreadGroup().getParent();
        Thread t = new Thread(() -> {
            try { Thread.sleep(6000); } catch (InterruptedException e) { return; }
            done = true;
        }, "DestroyJavaVM");
        t.setDaemon(true);
        t.start();
        long n = run();
        System.out.println("done " + n + " group " + sys.getName());
    }
}
