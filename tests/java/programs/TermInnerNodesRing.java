// Never YES: the same inner-class list, but the last node's `link` is
// rewired to the head when args has two or more elements, so the walk
// along `link` goes round forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermInnerNodesRing {
    class Node {
        String data;
        Node link;

        Node(String data, Node link) {
            this.data = data;
            this.link = link;
        }
    }

    Node head;

    public static void main(String[] args) {
        TermInnerNodesRing list = new TermInnerNodesRing();
        for (int i = 0; i < args.length; i++) list.head = list.new Node(args[i], list.head);
        if (args.length > 1) {
            Node last = list.head;
            while (last.link != null) last = last.link;
            last.link = list.head;
        }
        int n = 0;
        for (Node p = list.head; p != null; p = p.link) n++;
        System.out.println(n);
    }
}
