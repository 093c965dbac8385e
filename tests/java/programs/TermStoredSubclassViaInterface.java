// As TermStoredSubclass, but the Div is stored by a method called through
// an interface, whose callers the stored-value analysis does not know (a
// lambda or a library class may call it too): the field may hold any
// Node, and with an argument length() recurses forever. Must never be YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermStoredSubclassViaInterface {
    abstract static class Node {
        abstract int length();
    }

    static final class Div extends Node {
        int length() {
            return length();
        }
    }

    static final class Nil extends Node {
        int length() {
            return 0;
        }
    }

    interface Sink {
        void put(Node n);
    }

    static final class Holder implements Sink {
        Node held = new Nil();

        public void put(Node n) {
            held = n;
        }
    }

    public static void main(String[] args) {
        Holder h = new Holder();
        Sink s = h;
        if (args.length > 0) s.put(new Div());
        h.held.length();
    }
}
