// copy() and merge() write fields only into the objects they construct
// (a constructor's `this`, or a local that only ever holds a new object),
// so the caller's lists keep their shape across these recursive calls and
// the walk over `a` afterwards is ranked by its length (the TPDB's ListInt,
// QuicksortRec).
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermFreshWritesRec {
    int head;
    TermFreshWritesRec tail;

    TermFreshWritesRec(int head, TermFreshWritesRec tail) {
        this.head = head;
        this.tail = tail;
    }

    static TermFreshWritesRec copy(TermFreshWritesRec l) {
        if (l == null) return null;
        TermFreshWritesRec c = new TermFreshWritesRec(l.head, null);
        c.tail = copy(l.tail);
        return c;
    }

    static TermFreshWritesRec merge(TermFreshWritesRec a, TermFreshWritesRec b) {
        if (a == null) return b;
        if (b == null) return a;
        if (a.head <= b.head) return new TermFreshWritesRec(a.head, merge(a.tail, b));
        return new TermFreshWritesRec(b.head, merge(a, b.tail));
    }

    public static void main(String[] args) {
        TermFreshWritesRec a = null, b = null;
        for (int i = 0; i < args.length; i++) {
            a = new TermFreshWritesRec(args[i].length(), a);
            b = new TermFreshWritesRec(i, b);
        }
        TermFreshWritesRec c = copy(a);
        TermFreshWritesRec m = merge(a, b);
        int n = 0;
        for (TermFreshWritesRec x = a; x != null; x = x.tail) n++;
        System.out.println(n + (c == null ? 0 : 1) + (m == null ? 0 : 1));
    }
}
