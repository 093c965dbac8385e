// A list of lists emptied in place: each step either drops the first
// element of the current cell's inner list (cur.inner = cur.inner.next,
// replacing one non-null value by another) or moves on. The write makes
// cur's structure one object smaller: |cur|' = |cur| - |old| + |new|.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermShrinkInnerList {
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
            if (cur.inner != null) cur.inner = cur.inner.next;
            else cur = cur.next;
            steps++;
        }
        System.out.println(steps);
    }
}
