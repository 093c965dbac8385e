// Soundness regression (issue 14 review): System.exit is an unanalysed
// library call, which may end the program; a ring walk that calls it after
// 300000 rounds ends on the JVM.
// EXPECT: analyze -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent -> MAYBE no-nonterminating
// EXPECT: termcomp -> MAYBE
public class SoundRingExit {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node a = new Node();
        Node b = new Node();
        a.next = b;
        b.next = a;
        Node p = a;
        int i = 0;
        while (p != null) {
            p = p.next;
            i++;
            if (i > 300000) {
                try {
                    System.exit(0);
                } catch (Throwable t) {
                }
            }
        }
    }
}
