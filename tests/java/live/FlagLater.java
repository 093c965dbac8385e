package live;

// A loop that waits for a flag another thread sets later: never stuck.
// EXPECT: live -> ENDS exit:0
public class FlagLater {
    static volatile boolean done;
    static boolean plain;

    public static void main(String[] args) throws InterruptedException {
        Thread setter = new Thread(() -> {
            try {
                Thread.sleep(5000);
            } catch (InterruptedException e) {
                return;
            }
            plain = true;
            done = true;
        }, "setter");
        setter.start();
        long spins = 0;
        while (!done) {
            spins++;
        }
        setter.join();
        System.out.println(spins > 0 && plain);
    }
}
