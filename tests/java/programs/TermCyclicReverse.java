// A cyclic list of any length, reversed in place (Brockschmidt et al.,
// CAV 2012): the first iteration cuts the cycle at the head, every later
// one walks a path that ends at null. The loop head's second visit is not
// merged with its first (src/seg/builder.cpp), so the merge of the later
// visits keeps `x ⇝n null` and its length ranks the loop.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermCyclicReverse {
    static final class Node {
        Node n;
        Node(Node n) { this.n = n; }
    }

    // The same on a cycle of three nodes: a concrete run, whose loop heads
    // the graph does not merge (seg_builder_test.cpp).
    static int reverseThree() {
        Node c = new Node(null);
        Node b = new Node(c);
        Node a = new Node(b);
        c.n = a;
        Node x = a, y = null;
        int steps = 0;
        while (x != null) {
            Node z = x;
            x = x.n;
            z.n = y;
            y = z;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        Node last = new Node(null);
        Node first = last;
        for (int i = 0; i < args.length; i++) first = new Node(first);
        last.n = first;
        Node x = first, y = null;
        while (x != null) {
            Node z = x;
            x = x.n;
            z.n = y;
            y = z;
        }
    }
}
