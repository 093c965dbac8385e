// Targets of the replay JVM session's unit tests (tests/unit/replay_test.cpp):
// static state that must not leak from one claim into the next, a loop the
// agent counts, a loop that catches every Throwable, System.exit, deep
// recursion under a large stack. No EXPECT lines: not an analysis test.
public class ReplayServer {
    static int calls;

    // Throws on the second call in the same class loader only.
    static int second(int x) {
        calls++;
        return x / (2 - calls);
    }

    static int spin(int x) {
        while (x != 0) {
            x += 2;
        }
        return x;
    }

    static void stubborn(int x) {
        while (true) {
            try {
                while (x == 0) {
                }
            } catch (Throwable t) {
                // swallows whatever is thrown into the loop
            }
        }
    }

    static void quit(int code) {
        System.exit(code);
    }

    static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }
}
