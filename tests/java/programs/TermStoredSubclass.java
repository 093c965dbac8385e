// A list of an abstract node class with three subclasses; the field `next`
// only ever receives a Nil or an Internal, never the Div whose length()
// recurses forever, so the recursion along `next` ends. Only the stored
// field values (program/field_values.h: what the program's own putfield
// instructions store) tell: by its declared type, `next` may hold a Div.
// Terminates for every input (TPDB Costa_Julia_09-recursive/Virtual has
// this shape).
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermStoredSubclass {
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
        Node d = new Div();
        Node n = new Nil();
        for (int i = 0; i < args.length; i++) n = new Internal(n);
        n.length();
    }
}
