// Never YES: the walk turns the node it stands on into a self-loop before
// stepping, so after the first step it never moves again. Runs forever
// when args has an element (a ring of two or more).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
// EXPECT: termcomp -> NO
public class TermRingSelfLoop {
    TermRingSelfLoop next;

    TermRingSelfLoop(TermRingSelfLoop next) {
        this.next = next;
    }

    public static void main(String[] args) {
        TermRingSelfLoop last = new TermRingSelfLoop(null);
        TermRingSelfLoop cur = last;
        for (int n = args.length; n > 0; n--) cur = new TermRingSelfLoop(cur);
        last.next = cur;
        TermRingSelfLoop h = cur;
        TermRingSelfLoop x = new TermRingSelfLoop(null);
        x.next = x;
        for (TermRingSelfLoop c = h.next; c != h; c = c.next) {
            c.next = x;
        }
    }
}
