// Soundness (second review of issue 13): the main class's initializer
// writes another class's static field, which therefore does not start at 0:
// the loop runs forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
class TermStaticsOtherHolder {
    static int y;
}

public class TermStaticsOther {
    static {
        TermStaticsOtherHolder.y = -1;
    }

    public static void main(String[] args) {
        int i = 0;
        while (TermStaticsOtherHolder.y != 0) {
            i++;
        }
    }
}
