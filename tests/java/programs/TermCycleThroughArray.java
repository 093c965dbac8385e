// Found by a review: a cyclic list stored into an array whose contents are
// not shown, the list's own references then dropped, read back and walked.
// The array must carry the cycle's predicates (%$ and ⟲), or the walk looks
// like one down a finite tree. Runs forever for every input.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermCycleThroughArray {
    TermCycleThroughArray next;

    public static void main(String[] args) {
        TermCycleThroughArray[] arr = new TermCycleThroughArray[args.length + 1];
        TermCycleThroughArray first = new TermCycleThroughArray();
        TermCycleThroughArray last = first;
        for (int i = 0; i < args.length; i++) {
            TermCycleThroughArray n = new TermCycleThroughArray();
            last.next = n;
            last = n;
        }
        last.next = first;
        arr[args.length] = first;
        first = null;
        last = null;
        TermCycleThroughArray p = arr[args.length];
        while (p != null) p = p.next;
    }
}
