// A recursive constructor whose own code writes nothing, but whose
// `super()` sets `next = this`: the object it initialises is the caller's,
// so the walk afterwards runs forever (found by a soundness review; the
// constructors it chains to count as writing the caller's object).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermFreshCtorChain {
    static class A {
        A next;

        A() {
            next = this;
        }
    }

    static class C extends A {
        C(int k) {
            super();
            if (k > 0) new C(k - 1);
        }
    }

    public static void main(String[] args) {
        A c = new C(args.length);
        while (c != null) c = c.next;
    }
}
