// Never YES: a D whose field f (declared of the subclass E) leads into a
// list of Es that a write closes into a ring; the D is not on the ring
// (an E cannot reach a plain D by its field types) but reaches it, so the
// write must give it `⟲` (thesis Def. 1.10(n)). With an argument the walk
// along f from the D runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermTypedCycleEntry {
    static class D { E f; }
    static final class E extends D { }

    public static void main(String[] args) {
        D d = new D();
        E last = new E();
        E first = last;
        for (int i = 0; i < args.length; i++) {
            E e = new E();
            e.f = first;
            first = e;
        }
        d.f = first;
        first = null;
        if (args.length > 0) last.f = (E) d.f;
        D p = d;
        while (p != null) p = p.f;
    }
}
