// A list that main closes into a cycle when it has arguments: the walk
// never ends. Its size is infinite, so no heap measure may rank the loop.
public class SoundHeapCycle {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node head = new Node();
        Node last = head;
        for (int i = 0; i < args.length; i++) {
            last.next = new Node();
            last = last.next;
        }
        if (args.length > 0) last.next = head;
        Node p = head;
        while (p != null) p = p.next;
    }
}
// EXPECT: termcomp -> NO
// EXPECT: termcomp --engine term -> MAYBE
// EXPECT: analyze --engine term -> MAYBE
