// Recursion that counts in a static field: descend stops when level reaches
// 5, so from fewer than 6 arguments it descends forever. The static int
// field is threaded through the CLP predicates (its value at the entry is 0:
// the class has no static initializer).
public class StaticRec {
    static int level;

    static void descend() {
        level--;
        if (level == 5) return;
        descend();
    }

    public static void main(String[] args) {
        level = args.length;
        descend();
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine clp --int-semantics math -> NO nonterminating:recursion:11
// EXPECT: analyze --engine clp -> MAYBE exception:java/lang/StackOverflowError:11:runtime
