// f(p, n) sets p.next to a new node on every path, and q may be p (one
// argument or more). A fresh p.next after the call must not hide that
// q.next is the same node then: the wait loop spins for ever when q == p
// (a review found this proven: the must-write rule showed the field of an
// argument with `q =? p`).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermMustWriteAliased {
    TermMustWriteAliased next;

    static void f(TermMustWriteAliased p, int i) {
        p.next = new TermMustWriteAliased();
        if (i > 0) f(p, i - 1);
    }

    public static void main(String[] args) {
        TermMustWriteAliased p = new TermMustWriteAliased();
        TermMustWriteAliased q = new TermMustWriteAliased();
        int n = args.length;
        for (int i = 0; i < n; i++) q = p;
        f(p, n);
        while (p.next == q.next && p.next != null) { }
        System.out.println("done");
    }
}
