// Termination proofs over the heap (issue 13 item 1): loops that walk a
// structure main builds, measured by the size of what a reference reaches
// (the symbolic execution graph producer, its/from_seg.h).
public class TermHeapList {
    static class Node {
        int value;
        Node next;
        Node(int value, Node next) { this.value = value; this.next = next; }
    }

    static Node build(int n) {
        Node head = null;
        for (int i = 0; i < n; i++) head = new Node(i, head);
        return head;
    }

    static int sum(Node p) {
        int s = 0;
        while (p != null) {
            s += p.value;
            p = p.next;
        }
        return s;
    }

    // Skips two nodes at a time.
    static int everyOther(Node p) {
        int k = 0;
        while (p != null && p.next != null) {
            p = p.next.next;
            k++;
        }
        return k;
    }

    public static void main(String[] args) {
        Node list = build(args.length);
        sum(list);
        everyOther(list);
        // Writes into the nodes it walks: values, not links.
        for (Node p = list; p != null; p = p.next) p.value = 0;
    }
}
// EXPECT: termcomp -> YES
// EXPECT: analyze --engine term -> YES no-nonterminating
