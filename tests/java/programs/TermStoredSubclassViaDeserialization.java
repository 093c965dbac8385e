// As TermStoredSubclass, but the Div comes from deserialization:
// Beans.instantiate(null, name) reads the resource name.ser when there is one,
// and a stream holding a Holder fills its field (Holder.readObject stores a
// Div; a stream may also hold a Div itself). The stored-value analysis leaves
// out readObject, which only serialization calls (program/field_values.cpp,
// serializationHook). The call gets no application object (a null class
// loader, a string), but a library call that may return one counts as well
// (seg/eval_call.cpp, mayReturnApplicationObject), so the graph is built again
// with the declared field types. With such a resource on the class path
// length() recurses forever. Must never be YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
import java.beans.Beans;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

public class TermStoredSubclassViaDeserialization {
    abstract static class Node implements Serializable {
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

    static final class Holder implements Serializable {
        Node held = new Nil();

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            held = new Div();
        }
    }

    public static void main(String[] args) throws Exception {
        Holder h = new Holder();
        if (args.length > 0) {
            h = (Holder) Beans.instantiate(null, args[0]);
        }
        h.held.length();
    }
}
