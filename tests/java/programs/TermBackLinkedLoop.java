// Never YES: the same doubly-linked list, but its last node's `next` is
// pointed back at the first, so the walk along `next` never meets null.
// Runs forever for every input.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
// EXPECT: termcomp -> NO
public class TermBackLinkedLoop {
    TermBackLinkedLoop pred, next;

    TermBackLinkedLoop(TermBackLinkedLoop pred) {
        if (pred != null) pred.next = this;
        this.pred = pred;
    }

    static int length(TermBackLinkedLoop l) {
        int n = 1;
        while ((l = l.next) != null) n++;
        return n;
    }

    public static void main(String[] args) {
        TermBackLinkedLoop first = new TermBackLinkedLoop(null);
        TermBackLinkedLoop cur = first;
        for (int k = args.length; k > 0; k--) cur = new TermBackLinkedLoop(cur);
        cur.next = first;
        length(first);
    }
}
