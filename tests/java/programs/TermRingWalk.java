// A ring closed by its last node (Berdine et al., CAV'06, as in the TPDB's
// Fuhs_13/Kernel88): walking `next` from the head's successor meets the
// head again. Terminates for every input.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermRingWalk {
    TermRingWalk next;

    TermRingWalk(TermRingWalk next) {
        this.next = next;
    }

    static TermRingWalk ring(int n) {
        TermRingWalk last = new TermRingWalk(null);
        TermRingWalk cur = last;
        while (--n > 0) cur = new TermRingWalk(cur);
        return last.next = cur;
    }

    public static void main(String[] args) {
        TermRingWalk h = ring(args.length);
        int count = 0;
        for (TermRingWalk c = h.next; c != h; c = c.next) count++;
    }
}
