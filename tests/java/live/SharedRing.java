package live;

// A walk around a ring that another thread cuts after a while: the heap the
// loop reads is not its own, so it is never reported.
// EXPECT: live -> ENDS exit:0
public class SharedRing {
    static final class Node {
        int data;
        Node next;
        Node(int data) { this.data = data; }
    }

    public static void main(String[] args) throws InterruptedException {
        Node a = new Node(1), b = new Node(2), c = new Node(3);
        a.next = b;
        b.next = c;
        c.next = a;
        Thread cutter = new Thread(() -> {
            try {
                Thread.sleep(5000);
            } catch (InterruptedException e) {
                return;
            }
            b.data = 0;
        }, "cutter");
        cutter.start();
        Node p = a;
        long steps = 0;
        while (p.data != 0) {
            p = p.next;
            steps++;
        }
        cutter.join();
        System.out.println(steps > 0);
    }
}
