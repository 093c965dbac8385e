// A list made cyclic, then replaced: fill() sets this.next to a new node on
// every path before it returns, and stores nothing but new nodes, so after
// t.fill(n) the list behind t is a fresh chain however cyclic t's list was
// before (the TPDB's CyclicAnalysisRec). The recursive length() ends.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermMustWriteRec {
    TermMustWriteRec next;

    int length() {
        if (next == null) return 1;
        return 1 + next.length();
    }

    TermMustWriteRec fill(int n) {
        next = new TermMustWriteRec();
        if (n <= 1) return next;
        return next.fill(n - 1);
    }

    public static void main(String[] args) {
        TermMustWriteRec t = new TermMustWriteRec();
        t.next = new TermMustWriteRec();
        TermMustWriteRec last = t.next.fill(args.length);
        last.next = t.next;  // a cycle
        t.fill(args.length > 0 ? args[0].length() : 0);
        System.out.println(t.length());
    }
}
