// As TermFreshCtorChain, with the write in a field initializer of the
// superclass (javac puts it into A's constructor).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermFreshFieldInit {
    static class A {
        A next = this;
    }

    static class C extends A {
        C(int k) {
            if (k > 0) new C(k - 1);
        }
    }

    public static void main(String[] args) {
        A c = new C(args.length);
        while (c != null) c = c.next;
    }
}
