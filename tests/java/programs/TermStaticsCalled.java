// Soundness (second review of issue 13): the main class's initializer
// calls a method that writes another class's static field, which therefore
// does not start at 0: the loop runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
class TermStaticsCalledSetter {
    static int z;

    static void set() {
        z = -1;
    }
}

public class TermStaticsCalled {
    static {
        TermStaticsCalledSetter.set();
    }

    public static void main(String[] args) {
        int i = 0;
        while (TermStaticsCalledSetter.z < 0) {
            i++;
        }
    }
}
