// As TermStoredSubclass, but a Div is stored by a method that library code
// calls back: `Setter.compare` has no library supertype, yet the subclass
// `Cmp implements Comparator` inherits it as its `compare`, which the model
// of `Objects.compare` calls with objects the program's own call sites never
// pass (a review's wrong YES: the method's parameters were taken from those
// call sites only). With an argument of length 3 length() recurses forever.
// Must never be YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
import java.util.Comparator;
import java.util.Objects;

public class TermStoredSubclassViaComparator {
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
        Node next;

        Internal(Node next) {
            this.next = next;
        }

        int length() {
            return 1 + next.length();
        }
    }

    static class Setter {
        public int compare(Object a, Object b) {
            ((Internal) a).next = (Node) b;
            return 0;
        }
    }

    static final class Cmp extends Setter implements Comparator<Object> {
    }

    public static void main(String[] args) {
        Node n = new Nil();
        Cmp c = new Cmp();
        for (int i = 0; i < args.length; i++) {
            Internal x = new Internal(n);
            if (args[i].length() == 3) Objects.compare(x, new Div(), c);
            n = x;
        }
        n.length();
    }
}
