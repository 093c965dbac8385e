// A circular doubly-linked list with a header sentinel, as java.util's
// LinkedList (JDK 6) builds it: every walk from header.next (or
// header.previous) meets the header again. The distance to the header along
// `next` (or `previous`) is the measure (definite reachability, design
// termination.md §9). Terminates for every input.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermCyclicHeader {
    static final class Entry {
        int value;
        Entry next, previous;
        Entry(int value, Entry next, Entry previous) {
            this.value = value;
            this.next = next;
            this.previous = previous;
        }
    }

    final Entry header = new Entry(0, null, null);

    TermCyclicHeader() {
        header.next = header.previous = header;
    }

    void addLast(int v) {
        Entry e = new Entry(v, header, header.previous);
        e.previous.next = e;
        e.next.previous = e;
    }

    int indexOf(int v) {
        int i = 0;
        for (Entry e = header.next; e != header; e = e.next) {
            if (e.value == v) return i;
            i++;
        }
        return -1;
    }

    int lastIndexOf(int v) {
        int i = 0;
        for (Entry e = header.previous; e != header; e = e.previous) {
            if (e.value == v) return i;
            i++;
        }
        return -1;
    }

    void clear() {
        Entry e = header.next;
        while (e != header) {
            Entry n = e.next;
            e.next = e.previous = null;
            e = n;
        }
        header.next = header.previous = header;
    }

    public static void main(String[] args) {
        TermCyclicHeader l = new TermCyclicHeader();
        for (String a : args) l.addLast(a.length());
        int k = args.length > 0 ? args[0].length() : 0;
        l.indexOf(k);
        l.lastIndexOf(k);
        l.clear();
    }
}
