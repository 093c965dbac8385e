// Never YES: a doubly linked list whose last node's `next` is set to the
// first, so a cycle of `next` links alone exists (`⟲{next}` after the
// write) and the walk along `next` never meets null when args has an
// element.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermDoublyLinkedNextCycle {
    TermDoublyLinkedNextCycle prev, next;

    public static void main(String[] args) {
        TermDoublyLinkedNextCycle first = new TermDoublyLinkedNextCycle();
        TermDoublyLinkedNextCycle cur = first;
        for (int i = 0; i < args.length; i++) {
            TermDoublyLinkedNextCycle n = new TermDoublyLinkedNextCycle();
            n.prev = cur;
            cur.next = n;
            cur = n;
        }
        if (args.length > 0) cur.next = first;
        int steps = 0;
        for (TermDoublyLinkedNextCycle p = first.next; p != null; p = p.next) steps++;
        System.out.println(steps);
    }
}
