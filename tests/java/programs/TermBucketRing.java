// Never YES: like TermBucketChains, but the last node added to a bucket
// also links to the bucket's first node, so the chain is a ring and the
// walk never ends (e.g. for the input "a" "b").
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermBucketRing {
    static final class Node {
        Node next;
        Node(Node next) { this.next = next; }
    }

    public static void main(String[] args) {
        Node[] table = new Node[16];
        int h = 0;
        for (int i = 0; i < args.length; i++) {
            h = args[i].length() & 15;
            table[h] = new Node(table[h]);
        }
        Node e = table[h];
        if (e == null) return;
        Node end = e;
        while (end.next != null) end = end.next;
        end.next = table[h];
        int count = 0;
        for (Node p = table[h]; p != null; p = p.next) count++;
    }
}
