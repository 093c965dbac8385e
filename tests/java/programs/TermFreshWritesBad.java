// link() writes through a local that holds a new object on one path and
// the caller's node on the other: the write may change the caller's list
// (here it closes a cycle), so the walk afterwards is not ranked.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermFreshWritesBad {
    TermFreshWritesBad next;

    static void link(TermFreshWritesBad p, int n) {
        TermFreshWritesBad x = new TermFreshWritesBad();
        if (n <= 0) x = p;
        x.next = p;
        if (n > 0) link(p, n - 1);
    }

    public static void main(String[] args) {
        TermFreshWritesBad l = new TermFreshWritesBad();
        link(l, args.length);
        int k = 0;
        for (TermFreshWritesBad x = l; x != null; x = x.next) k++;
        System.out.println(k);
    }
}
