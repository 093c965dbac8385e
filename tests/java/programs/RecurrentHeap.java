// Recurrent sets over the heap (paper 003, §4; issue 14): loops whose
// non-termination is a shape of the heap. Each method is an entry; main
// builds a list from its arguments and walks it (terminates).
// EXPECT: termcomp --engine recurrent -> MAYBE
// EXPECT: analyze --engine recurrent -> MAYBE no-nonterminating
public class RecurrentHeap {
    static class Node {
        Node next;
        int value;
        boolean found;
    }

    // Any list, possibly cyclic: a cyclic one is never left.
    // EXPECT: analyze --engine recurrent --method 'RecurrentHeap.walk(LRecurrentHeap$Node;)I' -> NO nonterminating:recurrent:18
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'RecurrentHeap.walk(LRecurrentHeap$Node;)I' -> NO nonterminating:recurrent:18
    static int walk(Node p) {
        int n = 0;
        while (p != null) {
            p = p.next;
            n++;
        }
        return n;
    }

    // Paper 003, Example 3 (Fig. 8): the search for an element with a
    // property ends at the end of the list or at such an element; on a
    // cycle of elements without it, it never ends.
    // EXPECT: analyze --engine recurrent --method 'RecurrentHeap.find(LRecurrentHeap$Node;)LRecurrentHeap$Node;' -> NO nonterminating:recurrent:31
    static Node find(Node x) {
        Node y = x;
        while (y != null && !y.found) {
            y = y.next;
        }
        return y;
    }

    // Every element's value is changed on the way round: a cycle is still
    // never left (the values are open in the set).
    // EXPECT: analyze --engine recurrent --method 'RecurrentHeap.bump(LRecurrentHeap$Node;)V' -> NO nonterminating:recurrent:41
    static void bump(Node p) {
        while (p != null) {
            p.value = p.value * 2 + 1;
            p = p.next;
        }
    }

    // Stops at a node whose value is 0: a set needs the heap's integers as
    // they are (no zero on the cycle).
    // EXPECT: analyze --engine recurrent --method 'RecurrentHeap.untilZero(LRecurrentHeap$Node;)V' -> NO nonterminating:recurrent:51
    static void untilZero(Node p) {
        while (p != null && p.value != 0) {
            p = p.next;
        }
    }

    // Bounded by a counter: terminates on every list, cyclic or not.
    // EXPECT: analyze --engine recurrent --method 'RecurrentHeap.bounded(LRecurrentHeap$Node;I)V' -> MAYBE no-nonterminating
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'RecurrentHeap.bounded(LRecurrentHeap$Node;I)V' -> MAYBE no-nonterminating
    static void bounded(Node p, int n) {
        for (int i = 0; i < n && p != null; i++) {
            p = p.next;
        }
    }

    // Cuts the cycle on the way: terminates.
    // EXPECT: analyze --engine recurrent --method 'RecurrentHeap.cut(LRecurrentHeap$Node;)V' -> MAYBE no-nonterminating
    static void cut(Node p) {
        while (p != null) {
            Node q = p.next;
            p.next = null;
            p = q;
        }
    }

    // The list main builds from its arguments is acyclic: terminates.
    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node n = new Node();
            n.next = head;
            n.value = args[i].length();
            head = n;
        }
        walk(head);
    }
}
