// Static int fields of the main class (issue 13): its initializer has run
// before main, so they are tracked from unknown values; a call that writes
// no static field keeps them (TPDB Julia_10_Iterative/TriTas, Queen).
// EXPECT: termcomp -> YES
// EXPECT: analyze --int-semantics math -> YES no-nonterminating
public class TermStatics {
    static int limit = 10;
    static int count;

    static int bump(int v) {
        return v + 1;
    }

    // Needs `count` across the loop and i >= 0.
    static int sift() {
        int i = 0;
        while (2 * i + 1 < count) {
            i = 2 * i + 1;
        }
        return i;
    }

    public static void main(String[] args) {
        count = args.length;
        limit = args.length + 3;
        for (int i = 0; i < limit; i++) {
            count = bump(count);
        }
        sift();
    }
}
