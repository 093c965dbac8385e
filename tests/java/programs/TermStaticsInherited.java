// Soundness (second review of issue 13): the main class's initializer
// writes a static field the main class inherits from a class without an
// initializer. The field must not start at 0: the loop runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
class TermStaticsInheritedParent {
    static int x;
}

public class TermStaticsInherited extends TermStaticsInheritedParent {
    static {
        x = -1;
    }

    public static void main(String[] args) {
        int i = 0;
        while (x != 0) {
            i++;
        }
    }
}
