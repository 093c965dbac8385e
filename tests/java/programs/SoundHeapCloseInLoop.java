// The walk closes the list into a cycle behind its own back (through the
// last node, which the walking reference reaches): after the first step
// the list is cyclic and the walk never ends. A size that ignored the write
// would decrease on every step.
public class SoundHeapCloseInLoop {
    static class Node {
        Node next;
    }

    static Node[] keep = new Node[1];

    public static void main(String[] args) {
        Node head = new Node();
        Node last = head;
        for (int i = 0; i < args.length; i++) {
            last.next = new Node();
            last = last.next;
        }
        keep[0] = last;
        Node p = head;
        while (p != null) {
            p = p.next;
            keep[0].next = head;
        }
    }
}
// EXPECT: analyze --engine term -> MAYBE
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
