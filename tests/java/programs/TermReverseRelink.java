// Never YES: the first iteration cuts the cycle like a reversal, but every
// later one links the next node back to the one before it, so that two
// nodes point at each other and the walk goes on between them forever
// (for a cycle of three or more nodes, e.g. the input "a" "b").
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermReverseRelink {
    static final class Node {
        Node n;
        Node(Node n) { this.n = n; }
    }

    public static void main(String[] args) {
        Node last = new Node(null);
        Node first = last;
        for (int i = 0; i < args.length; i++) first = new Node(first);
        last.n = first;
        Node x = first;
        boolean once = true;
        while (x != null) {
            Node z = x;
            x = x.n;
            if (once) {
                z.n = null;
                once = false;
            } else if (x != null) {
                x.n = z;
            }
        }
    }
}
