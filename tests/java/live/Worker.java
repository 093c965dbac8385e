package live;

// A stuck loop in a thread other than main, which waits for it to finish.
// EXPECT: live -> NO stuck:19 thread:worker
public class Worker {
    static final class Node {
        int data;
        Node next;
        Node(int data, Node next) { this.data = data; this.next = next; }
    }

    static int total;

    static void work() {
        Node ring = new Node(1, null);
        ring.next = new Node(2, new Node(3, ring));
        Node p = ring;
        int sum = 0;
        while (p.data != 0) {
            sum += p.data;
            p = p.next;
        }
        total = sum;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(Worker::work, "worker");
        t.start();
        t.join();
        System.out.println(total);
    }
}
