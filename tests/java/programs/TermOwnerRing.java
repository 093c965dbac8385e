// Never YES (a review's wrong YES against a withdrawn change): nodes with
// an `owner` back pointer to their list; a node t picked by the input gets
// a ring of `link` edges, t dies, and the walk along `link` from the
// owner's head runs into the ring. The write must give t `⟲` for the ring
// (rule (iii)) although t already has `%$`-self: objects in t's unshown
// part (the owner, its head) reach t and now the ring. Runs forever e.g.
// for the input "aaa" (three nodes).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermOwnerRing {
    static final class L { N head; }
    static final class N { N link; L owner; }
    static String[] a;
    static int index = 0;

    static int random() {
        return index < a.length ? a[index++].length() : 0;
    }

    public static void main(String[] args) {
        a = args;
        L l = new L();
        int n = random();
        for (int i = 0; i < n; i++) {
            N k = new N();
            k.owner = l;
            k.link = l.head;
            l.head = k;
        }
        N t = l.head;
        l = null;
        if (t == null) return;
        while (t.link != null && random() > 0) t = t.link;
        N r = new N();
        r.link = r;
        t.link = r;
        L ll = t.owner;
        t = null;
        N x = ll.head;
        if (x != null && x.link == null) return;
        while (x != null) x = x.link;
    }
}
