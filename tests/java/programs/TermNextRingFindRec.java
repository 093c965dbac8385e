// As TermDoublyFindRec, but the last node's `next` is the first node: the
// `prev` path still ends (the first node's `prev` is null), while `next`
// alone closes a cycle. The search for a value no node holds (every node
// holds a length, the value searched is -1) recurses forever for one
// argument or more, so `next` may not be measured by its distance here.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermNextRingFindRec {
    TermNextRingFindRec prev, next;
    int value;

    TermNextRingFindRec first() {
        return prev == null ? this : prev.first();
    }

    TermNextRingFindRec find(int v) {
        if (value == v) return this;
        if (next != null) return next.find(v);
        return null;
    }

    public static void main(String[] args) {
        TermNextRingFindRec cur = null;
        TermNextRingFindRec head = null;
        for (int i = 0; i < args.length; i++) {
            TermNextRingFindRec old = cur;
            cur = new TermNextRingFindRec();
            cur.value = args[i].length();
            cur.prev = old;
            if (old != null) old.next = cur;
            else head = cur;
        }
        if (cur != null) {
            cur.next = head;
            cur.first().find(-1);
        }
    }
}
