// The walk appends a node behind the end for every node it passes: it
// never reaches the end. The walked structure grows by each write.
public class SoundHeapGrow {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node head = new Node();
        Node tail = head;
        Node p = head;
        while (p != null) {
            tail.next = new Node();
            tail = tail.next;
            p = p.next;
        }
    }
}
// EXPECT: analyze --engine term -> MAYBE
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
