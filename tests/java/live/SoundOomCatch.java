package live;

// Keeps every block it allocates until the heap is full, then stops.
// A wrong NO found by the soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmx1g
public class SoundOomCatch {
    static final class Node {
        final Node next; final long[] pad = new long[126];
        Node(Node next) { this.next = next; }
    }
    static long run() {
        Node head = null;
        long n = 0;
        while (true) {
            try {
                head = new Node(head);
            } catch (OutOfMemoryError e) {
                break;
            }
            int acc = 0;
            for (int k = 0; k < 500; k++) acc += k ^ 7;
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("heap full after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
