// As TermStoredSubclass, but the Div is stored by reflection: library code
// that gets an application object may write its fields, which the
// stored-value analysis does not see, so the graph is built again with the
// declared field types (its/engine.cpp, proveViaSeg). With an argument
// length() recurses forever. Must never be YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
import java.lang.reflect.Field;

public class TermStoredSubclassViaReflection {
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

    static final class Holder {
        Node held = new Nil();
    }

    public static void main(String[] args) throws Exception {
        Holder h = new Holder();
        if (args.length > 0) {
            Field f = Holder.class.getDeclaredField("held");
            f.set(h, new Div());
        }
        h.held.length();
    }
}
