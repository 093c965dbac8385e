// A doubly-linked list: `pred` closes a cycle with every `next`, so the
// size of the structure is no measure. The walk along `next` still ends at
// null: definite reachability to null (design termination.md §9, "Cyclic
// data") measures it. Terminates for every input.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermBackLinkedLength {
    TermBackLinkedLength pred, next;

    TermBackLinkedLength(TermBackLinkedLength pred) {
        if (pred != null) pred.next = this;
        this.pred = pred;
    }

    static int length(TermBackLinkedLength l) {
        int n = 1;
        while ((l = l.next) != null) n++;
        return n;
    }

    public static void main(String[] args) {
        TermBackLinkedLength first = new TermBackLinkedLength(null);
        TermBackLinkedLength cur = first;
        for (int k = args.length; k > 0; k--) cur = new TermBackLinkedLength(cur);
        length(first);
    }
}
