// Walks a cyclic list while counting: the counter changes in every
// iteration, so no state repeats exactly, but the loop never reads it (only
// increments it), so the run repeats up to the counter.
public class CycleCount {
    CycleCount next;

    static int length(CycleCount l) {
        int n = 0;
        while (l != null) {
            l = l.next;
            n++;
        }
        return n;
    }

    public static void main(String[] args) {
        CycleCount a = new CycleCount();
        CycleCount b = new CycleCount();
        a.next = b;
        if (args.length > 0) {
            b.next = a;  // only with arguments the list is cyclic
        }
        length(a);
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze -> NO nonterminating:looping:9 args:[""]
