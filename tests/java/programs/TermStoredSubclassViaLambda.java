// As TermStoredSubclass, but the Div comes from a lambda that implements an
// application interface: an interface call's targets are the application's
// implementations only when no lambda implements the interface
// (program/field_values.cpp, findLambdaInterfaces); here Maker.make may run
// the lambda, so Holder.held may be a Div. With an argument length()
// recurses forever. Must never be YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermStoredSubclassViaLambda {
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

    interface Maker {
        Node make();
    }

    static final class MakeNil implements Maker {
        public Node make() {
            return new Nil();
        }
    }

    static final class Holder {
        Node held;
    }

    public static void main(String[] args) {
        Maker m = args.length > 0 ? () -> new Div() : new MakeNil();
        Holder h = new Holder();
        h.held = m.make();
        h.held.length();
    }
}
