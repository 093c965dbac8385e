import java.util.ArrayList;

// Termination proofs (issue 13): loops and recursions that terminate for
// every argument over mathematical integers get YES with a checked ranking
// function; whatever the translation does not follow (exception handlers,
// long arithmetic, a library call, a class initializer, a virtual call with
// several targets) and loops that do not terminate never get YES.
public class TermShapes {
    static int countDown(int x) {
        while (x > 0) x--;
        return x;
    }

    static int upTo(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += 2;
        return s;
    }

    // Two phases: first x goes down, then y.
    static int phases(int x, int y) {
        while (x > 0 || y > 0) {
            if (x > 0) x--;
            else y--;
        }
        return x + y;
    }

    static int nested(int n) {
        int c = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) c++;
        return c;
    }

    static int fact(int n) {
        return n <= 1 ? 1 : n * fact(n - 1);
    }

    // --- never YES ---
    static int up(int x) {
        while (x > 0) x++;
        return x;
    }

    static int byTwo(int x) {
        while (x != 0) x -= 2;
        return x;
    }

    static int caught(int x) {
        while (x > 0) {
            try {
                x = x / (x - 5);
            } catch (ArithmeticException e) {
                x = 7;
            }
        }
        return x;
    }

    static long wide(long x) {
        while (x > 0) x++;
        return x;
    }

    static int listLoop(ArrayList<Integer> xs, int n) {
        int i = 0;
        while (i < n) {
            if (xs.size() > 0) i++;
        }
        return i;
    }

    static class Stuck {
        static int value;

        static {
            int k = 1;
            while (k > 0) k = 2;
            value = k;
        }

        static int get() { return value; }
    }

    static int initializes(int n) {
        int i = 0;
        while (i < n) i++;
        return Stuck.get();
    }

    interface Step {
        int next(int x);
    }

    static class Down implements Step {
        public int next(int x) { return x - 1; }
    }

    static class Same implements Step {
        public int next(int x) { return x; }
    }

    static int dispatch(Step s, int x) {
        while (x > 0) x = s.next(x);
        return x;
    }

    // --- terminating, but MAYBE: what the proof cannot see ---
    static int safeCaught(int x) {
        while (x > 0) {
            try {
                x = x - 1;
            } catch (RuntimeException e) {
                x = 0;
            }
        }
        return x;
    }

    static long wideDown(long x) {
        while (x > 0) x--;
        return x;
    }

    static int sizes(ArrayList<Integer> xs, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += xs.size();
        return s;
    }

    // A class initializer that terminates does not stand in the way.
    static class Table {
        static int base;

        static {
            base = 3;
        }

        static int get() { return base; }
    }

    static int withTable(int n) {
        int i = 0;
        while (i < n) i++;
        return i + Table.get();
    }

    // y squared: with y >= 2, y * y >= 4y - 4 (McCormick's bound).
    static int squares(int x) {
        int y = 2;
        while (x > y) y = y * y;
        return y;
    }
}
