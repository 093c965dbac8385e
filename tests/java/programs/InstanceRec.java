// Recursion through an instance method: climb stops only at n == 10, so an
// argument longer than 10 characters climbs forever. `this.climb` is a
// virtual call; no subclass overrides it (closed world), so its target is
// unique. The counter field is written but never decides anything.
public class InstanceRec {
    int calls;

    void climb(int n) {
        calls++;
        if (n == 10) return;
        climb(n + 1);
    }

    public static void main(String[] args) {
        new InstanceRec().climb(args[0].length());
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine clp --int-semantics math -> NO nonterminating:recursion:11
// EXPECT: analyze --engine clp -> MAYBE exception:java/lang/StackOverflowError:11:runtime
