// Soundness regression (issue 14 review): new int[Integer.MAX_VALUE] throws
// OutOfMemoryError on the JVM ("Requested array size exceeds VM limit"),
// which ends this ring walk after 300000 rounds; with a smaller huge array
// the JVM's heap decides. Neither NO nor YES.
// EXPECT: analyze -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent -> MAYBE no-nonterminating
// EXPECT: termcomp -> MAYBE
public class SoundHugeArray {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node a = new Node();
        Node b = new Node();
        a.next = b;
        b.next = a;
        Node p = a;
        int k = 0;
        while (p != null) {
            p = p.next;
            k++;
            if (k > 300000) {
                int[] x = new int[Integer.MAX_VALUE - args.length];
            }
        }
    }
}
