// As TermStoredSubclass, but the Div reaches the list through an array
// element, which the stored-value analysis does not follow (an element is
// any value of its type): `next` may hold a Div, and with two arguments
// length() recurses forever. Must never be YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermStoredSubclassViaArray {
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

    static final class Internal extends Node {
        private final Node next;

        Internal(Node next) {
            this.next = next;
        }

        int length() {
            return 1 + next.length();
        }
    }

    public static void main(String[] args) {
        Node[] start = {new Nil(), new Div()};
        Node n = start[args.length > 1 ? 1 : 0];
        for (int i = 0; i < args.length; i++) n = new Internal(n);
        n.length();
    }
}
