// A static field of the main class that a callee writes, and one that
// another class's initializer writes, must never give YES: over
// mathematical integers both loops run forever.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics math --method 'TermStaticsWritten.chase(I)I' -> MAYBE
public class TermStaticsWritten {
    static int limit = 5;
    static int floor;

    static int grow(int i) {
        limit++;
        return i + 1;
    }

    static int chase(int i) {
        while (i < limit) {
            i = grow(i);
        }
        return i;
    }

    public static void main(String[] args) {
        int k = TermStaticsWrittenSetter.touch();
        while (floor < 1) {
            k += 1;
        }
        chase(args.length);
    }
}

class TermStaticsWrittenSetter {
    static {
        TermStaticsWritten.floor = -7;
    }

    static int touch() {
        return 1;
    }
}
