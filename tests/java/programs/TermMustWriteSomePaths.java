// fill() sets this.next only when n > 0: with n <= 0 the cyclic list stays,
// and length() recurses until the stack overflows (forever with unbounded
// memory). A write on some paths only must not count as one on all.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermMustWriteSomePaths {
    TermMustWriteSomePaths next;

    int length() {
        if (next == null) return 1;
        return 1 + next.length();
    }

    void fill(int n) {
        if (n > 0) {
            next = new TermMustWriteSomePaths();
            next.fill(n - 1);
        }
    }

    public static void main(String[] args) {
        TermMustWriteSomePaths t = new TermMustWriteSomePaths();
        t.next = new TermMustWriteSomePaths();
        t.next.next = t.next;  // a cycle
        t.fill(args.length);
        System.out.println(t.length());
    }
}
