// A deep but finite recursion overflows the JVM's stack; code that runs for
// the StackOverflowError (a catch of Throwable, a finally) then loops. Under
// JVM integers this never gets YES (found by a review of issue 13's
// recursion proofs); under mathematical integers (no stack limit) the
// finally version terminates.
public class SoundRecursionFinally {
    static int depth(int n) {
        if (n <= 0) return 0;
        return 1 + depth(n - 1);
    }

    public static void main(String[] args) {
        int n = args.length;
        try {
            depth(100000000 + n);
        } catch (Throwable t) {
            while (n >= 0) n = n + 0;
        }
    }

    static class Finally {
        public static void main(String[] args) {
            int n = args.length;
            boolean done = false;
            try {
                depth(100000000 + n);
                done = true;
            } finally {
                while (!done && n >= 0) n = n + 0;
            }
        }
    }
}
// EXPECT: termcomp --int-semantics jvm -> MAYBE
// EXPECT: termcomp --entry 'SoundRecursionFinally$Finally' --int-semantics jvm -> MAYBE
// EXPECT: termcomp --entry 'SoundRecursionFinally$Finally' -> YES
