package live;

// A list built at its head in a local variable, by a loop whose exit test
// never holds: on the JVM it ends with OutOfMemoryError (after minutes with
// a large heap), so jhalt must not call it endless. (The old value of
// `head` is dead when the store happens; found in the soundness review's
// OomCatch.)
// EXPECT: live -> MAYBE modes:run,agent
public class GrowingLocal {
    static final class Node {
        final Node next;
        Node(Node next) { this.next = next; }
    }

    static long build(int limit) {
        Node head = null;
        long n = 0;
        while (n >= 0 || limit < 0) {
            head = new Node(head);
            n = (n + 1) & 0xFFFF;
        }
        return head == null ? 0 : n;
    }

    public static void main(String[] args) {
        System.out.println(build(args.length));
    }
}
