// As TermShrinkInnerList, but an inner list of one or two items is kept
// as it is (the write stores the old value again): a cell whose list is
// that short is never left, and the walk runs for ever. The exact size
// after the write must not make it a YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermShrinkInnerListBad {
    static class Item {
        Item next;
    }

    static class Cell {
        Item inner;
        Cell next;
    }

    public static void main(String[] args) {
        Cell list = null;
        for (String a : args) {
            Cell c = new Cell();
            int n = a.length();
            for (int i = 0; i < n; i++) {
                Item it = new Item();
                it.next = c.inner;
                c.inner = it;
            }
            c.next = list;
            list = c;
        }
        int steps = 0;
        Cell cur = list;
        while (cur != null) {
            if (cur.inner != null) cur.inner = cur.inner.next == null ? cur.inner : cur.inner.next.next == null ? cur.inner : cur.inner.next;
            else cur = cur.next;
            steps++;
        }
        System.out.println(steps);
    }
}
