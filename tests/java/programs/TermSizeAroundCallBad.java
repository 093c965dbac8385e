// As TermSizeAroundCall, but the recursive call may make the list cyclic:
// relink(t, c) stores c into the last node's next. With two arguments the
// walk never ends. The kept part of p's size must not hide that.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermSizeAroundCallBad {
    static class Cell {
        Cell next;
        int val;
    }

    static void relink(Cell t, Cell to, int k) {
        if (t == null) return;
        t.val = k;
        if (t.next == null && k > 0) {
            t.next = to;
            return;
        }
        relink(t.next, to, k);
    }

    public static void main(String[] args) {
        Cell list = null;
        for (String a : args) {
            Cell c = new Cell();
            c.next = list;
            list = c;
        }
        int n = 0;
        for (Cell p = list; p != null; p = p.next) {
            relink(p, list, args.length - 1);
            n++;
        }
        System.out.println(n);
    }
}
