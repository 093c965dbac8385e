// A doubly linked list with a header entry (java.util.LinkedList's shape)
// and a list iterator whose constructor starts at index 0 from either end;
// the loop runs while the index differs from the list's size. The loop
// head is entered through states of unrolled first iterations, which know
// the index only as an interval; the invariant `index <= size`, the weak
// form of the guard `index <= size - 1`, holds on entry and rules out the
// `index > size` branch of `!=` (TPDB
// Java_Util/juLinkedListCreateListIteratorLoop has this shape).
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermIndexNotEqualSize {
    static class Entry {
        Object element;
        Entry next, previous;

        Entry(Object element, Entry next, Entry previous) {
            this.element = element;
            this.next = next;
            this.previous = previous;
        }
    }

    final Entry header = new Entry(null, null, null);
    int size;

    TermIndexNotEqualSize() {
        header.next = header.previous = header;
    }

    void addLast(Object o) {
        Entry e = new Entry(o, header, header.previous);
        e.previous.next = e;
        e.next.previous = e;
        size++;
    }

    class Itr {
        Entry next;
        int nextIndex;

        Itr(int index) {
            if (index < 0 || index > size) throw new IndexOutOfBoundsException();
            if (index < (size >> 1)) {
                next = header.next;
                for (nextIndex = 0; nextIndex < index; nextIndex++) next = next.next;
            } else {
                next = header;
                for (nextIndex = size; nextIndex > index; nextIndex--) next = next.previous;
            }
        }

        boolean hasNext() { return nextIndex != size; }

        Object next() {
            if (nextIndex == size) throw new IllegalStateException();
            Object e = next.element;
            next = next.next;
            nextIndex++;
            return e;
        }
    }

    public static void main(String[] args) {
        TermIndexNotEqualSize list = new TermIndexNotEqualSize();
        for (int i = 0; i < args.length; i++) list.addLast(args[i]);
        Itr it = list.new Itr(0);
        while (it.hasNext()) it.next();
    }
}
