// The holder reaches the list only through a field of type Base whose value
// is a Sub (a subclass with a link to the list): after a call that writes
// the holder, the holder may share with the list, and the cycle closed
// through the holder is one in the list. Types reachable from the holder
// include the subclasses' fields.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermShareThroughSubclass {
    static class Node { Node next; }
    static class Base { }
    static class Sub extends Base { Node link; }

    Base b;
    int count;

    void touch(int n) {
        count = n;
        if (n > 0) touch(n - 1);
    }

    static int length(Node n) {
        int k = 0;
        while (n != null) {
            n = n.next;
            k++;
        }
        return k;
    }

    public static void main(String[] args) {
        Node list = new Node();
        list.next = new Node();
        TermShareThroughSubclass h = new TermShareThroughSubclass();
        Sub s = new Sub();
        s.link = list;
        h.b = s;
        h.touch(args.length);
        if (h.b instanceof Sub) {
            Node n = ((Sub) h.b).link;
            n.next = n;
        }
        System.out.println(length(list));
    }
}
