// Never YES, and no internal error (a review found the instance check of a
// merge failing here): the first iteration cuts a cycle, a second pointer
// walks two steps at a time, and once x reaches null it is set back to the
// cut node, so the loop runs forever. The merge of the loop head's visits
// keeps paths to null that the step rule derives; the instance check now
// derives them too (state/merge.cpp, checkReaches).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermCutFirstTwoPointers {
    static final class Node {
        Node n;
        Node(Node n) { this.n = n; }
    }

    static Node cycle(int length) {
        Node last = new Node(null);
        Node first = last;
        for (int i = 1; i < length; i++) first = new Node(first);
        last.n = first;
        return first;
    }

    static void walk(Node x, Node w) {
        Node y = null;
        boolean first = true;
        while (x != null) {
            if (first) {
                first = false;
                Node z = x;
                x = x.n;
                z.n = null;
                y = z;
            }
            if (w != null && w.n != null) w = w.n.n;
            if (x == null) x = y;
        }
    }

    public static void main(String[] args) {
        Node c = cycle(args.length + 3);
        walk(c, c.n.n);
    }
}
