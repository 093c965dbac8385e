// Never YES: the head is moved out of the ring (a panhandle: h leads into a
// cycle that does not contain h), so the walk from h.next never meets h
// again. Runs forever for every input.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
// EXPECT: termcomp -> NO
public class TermRingPanhandle {
    TermRingPanhandle next;

    TermRingPanhandle(TermRingPanhandle next) {
        this.next = next;
    }

    public static void main(String[] args) {
        TermRingPanhandle last = new TermRingPanhandle(null);
        TermRingPanhandle cur = last;
        for (int n = args.length; n > 0; n--) cur = new TermRingPanhandle(cur);
        last.next = cur;
        TermRingPanhandle h = new TermRingPanhandle(cur);  // outside the ring
        for (TermRingPanhandle c = h.next; c != h; c = c.next) { }
    }
}
