// A doubly linked list built by a loop, then walked by recursion along
// `prev` to the first node and along `next` from there. Every cycle of
// the list uses both fields (`⟲{next, prev}`), so a path of one field
// ends in null: its distance measures each recursion (design
// termination.md §9, "Cyclic data"). Terminates for every input.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermDoublyLinkedRec {
    TermDoublyLinkedRec prev, next;
    int value;

    TermDoublyLinkedRec first() {
        return prev == null ? this : prev.first();
    }

    int nth(int k) {
        if (k <= 0 || next == null) return value;
        return next.nth(k - 1);
    }

    public static void main(String[] args) {
        TermDoublyLinkedRec cur = null;
        for (int i = 0; i < args.length; i++) {
            TermDoublyLinkedRec old = cur;
            cur = new TermDoublyLinkedRec();
            cur.value = args[i].length();
            cur.prev = old;
            if (old != null) old.next = cur;
        }
        if (cur != null) cur.first().nth(args.length);
    }
}
