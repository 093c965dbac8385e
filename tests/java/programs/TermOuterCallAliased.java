// The wait loop on a.next ends (grow's first level sets it), which only
// the graph with the outermost call in main's context shows; f(p, q, n)
// then writes p.next and q.next, and q may be p: with one argument f(p, p,
// 0) sets p.next and the wait loop of f(p, p, 1) spins for ever (a
// review's program).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermOuterCallAliased {
    TermOuterCallAliased next;

    void grow(int i) {
        if (next == null) {
            if (i <= 0) return;
            next = new TermOuterCallAliased();
            i--;
        }
        next.grow(i);
    }

    static void f(TermOuterCallAliased p, TermOuterCallAliased q, int i) {
        if (i > 0) {
            f(p, q, i - 1);
            while (p.next == q.next && p.next != null) { }
        }
        p.next = new TermOuterCallAliased();
        q.next = new TermOuterCallAliased();
    }

    public static void main(String[] args) {
        int n = args.length;
        TermOuterCallAliased p = new TermOuterCallAliased();
        TermOuterCallAliased q = new TermOuterCallAliased();
        for (int i = 0; i < n; i++) q = p;
        TermOuterCallAliased a = new TermOuterCallAliased();
        if (n > 0) {
            a.grow(n);
            while (a.next == null) { }
        }
        f(p, q, n);
        System.out.println("done");
    }
}
