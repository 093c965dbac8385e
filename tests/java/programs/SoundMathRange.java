// Soundness regression (issue 14 review): under mathematical integers y is
// 2^32 and the walk ends after 200000 rounds; on the JVM y * 4 is 0 and the
// walk never ends. An opened int is unbounded under mathematical integers.
// EXPECT: analyze --engine recurrent --int-semantics math -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent -> NO nonterminating:recurrent:21
// EXPECT: termcomp -> YES
public class SoundMathRange {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node a = new Node();
        Node b = new Node();
        a.next = b;
        b.next = a;
        Node p = a;
        int y = 1 << 30;
        y = y * 4;
        int i = 0;
        while (p != null) {
            p = p.next;
            i++;
            if (i > 200000 && y > Integer.MAX_VALUE) {
                break;
            }
        }
    }
}
