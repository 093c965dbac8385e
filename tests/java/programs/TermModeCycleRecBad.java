// TermModeCycleRec with mode 2 keeping the list: one shrink and one growth
// every three calls, so a list of two or more never ends (the recursion
// overflows the stack on the JVM).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermModeCycleRecBad {
    TermModeCycleRecBad next;

    TermModeCycleRecBad(TermModeCycleRecBad next) {
        this.next = next;
    }

    static void growReduce(int mode, TermModeCycleRecBad list) {
        if (list == null) return;
        if (mode == 0) {
            list = list.next;
        } else if (mode == 1) {
            list = new TermModeCycleRecBad(list);
        }
        mode++;
        growReduce(mode > 2 ? 0 : mode, list);
    }

    public static void main(String[] args) {
        TermModeCycleRecBad list = null;
        for (int i = 0; i < args.length; i++) list = new TermModeCycleRecBad(list);
        growReduce(0, list);
    }
}
