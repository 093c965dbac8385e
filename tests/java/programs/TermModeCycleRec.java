// A recursion whose mode goes 0, 1, 2, 0, ...: the list shrinks in modes 0
// and 2 and grows in mode 1, so it shrinks by one every three calls (the
// TPDB's AlternatingGrowReduceRec2). No linear function of (mode, size)
// ranks it; with the three entries kept apart in the graph, each gets its
// own: 3|list| plus a constant per mode.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermModeCycleRec {
    TermModeCycleRec next;

    TermModeCycleRec(TermModeCycleRec next) {
        this.next = next;
    }

    static void growReduce(int mode, TermModeCycleRec list) {
        if (list == null) return;
        if (mode == 0) {
            list = list.next;
        } else if (mode == 1) {
            list = new TermModeCycleRec(list);
        } else {
            list = list.next;
        }
        mode++;
        growReduce(mode > 2 ? 0 : mode, list);
    }

    public static void main(String[] args) {
        TermModeCycleRec list = null;
        for (int i = 0; i < args.length; i++) list = new TermModeCycleRec(list);
        growReduce(0, list);
    }
}
