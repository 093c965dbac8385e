// Never YES (a review's wrong YES against a withdrawn change): a doubly
// linked list; the input picks a node t, whose `next` becomes a ring of
// two; the walk along `next` from t's predecessor enters the ring. t has
// `%$`-self before the write (its `prev` region reaches it back), and must
// still get `⟲` for the ring. Runs forever e.g. for the input "" "bb".
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermPrevRing {
    static final class Node { Node next, prev; }
    static String[] a;
    static int index = 0;

    static int random() {
        return index < a.length ? a[index++].length() : 0;
    }

    public static void main(String[] args) {
        a = args;
        Node head = new Node();
        Node tail = head;
        for (int i = 0; i < args.length; i++) {
            Node k = new Node();
            tail.next = k;
            k.prev = tail;
            tail = k;
        }
        Node t = tail;
        while (random() > 0 && t.prev != null) t = t.prev;
        Node r1 = new Node(), r2 = new Node();
        r1.next = r2;
        r2.next = r1;
        t.next = r1;
        Node x = t.prev;
        if (x != null && x.next == null) return;
        while (x != null) x = x.next;
    }
}
