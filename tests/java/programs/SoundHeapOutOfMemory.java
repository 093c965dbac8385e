// A handler for OutOfMemoryError that loops: on a real JVM the allocation
// fails and the loop runs forever. The symbolic execution graph does not
// model virtual machine errors, so no proof may rest on it here.
public class SoundHeapOutOfMemory {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node n = new Node();
            n.next = head;
            head = n;
        }
        try {
            long[] big = new long[Integer.MAX_VALUE - 8];
            big[0] = 1;
        } catch (OutOfMemoryError e) {
            while (e != null) { }
        }
        for (Node p = head; p != null; p = p.next) { }
    }
}
// EXPECT: analyze --engine term -> MAYBE
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
