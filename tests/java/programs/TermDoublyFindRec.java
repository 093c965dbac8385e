// A doubly linked list built by a loop; its first node is found by a
// recursion along `prev`, then a value is searched by a recursion along
// `next` with no counter. The object the first recursion returns is known
// by its type only: it keeps the list's cycle fields (`⟲{next, prev}`,
// each cycle uses both) and `first ⇝next null`, whose distance ranks the
// search (design termination.md §9, "Cyclic data"). Terminates for every
// input (TPDB BOG_RTA_11/MainFind has this shape).
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermDoublyFindRec {
    TermDoublyFindRec prev, next;
    int value;

    TermDoublyFindRec first() {
        return prev == null ? this : prev.first();
    }

    TermDoublyFindRec find(int v) {
        if (value == v) return this;
        if (next != null) return next.find(v);
        return null;
    }

    public static void main(String[] args) {
        TermDoublyFindRec cur = null;
        for (int i = 0; i < args.length; i++) {
            TermDoublyFindRec old = cur;
            cur = new TermDoublyFindRec();
            cur.value = args[i].length();
            cur.prev = old;
            if (old != null) old.next = cur;
        }
        if (cur != null) cur.first().find(args.length);
    }
}
