// Methods for the unit tests of the CLP translation (tests/unit/clp_test.cpp):
// one instruction family each. No EXPECT lines: they are not analysis
// problems.
public class ClpShapes {
    static int counter;

    static int linear(int a, int b) { return 3 * a - b + 7; }

    static int quarter(int a) { return a / 4; }

    static int remainder(int a) { return a % 3; }

    static int shifts(int a) { return (a << 2) + (a >> 1); }

    static int product(int a, int b) { return a * b; }

    static int pick(int k) {
        switch (k) {
            case 1: return 10;
            case 5: return 50;
            default: return 0;
        }
    }

    static int differ(int a, int b) { return a != b ? 1 : 0; }

    static int inc(int a) { return a + 1; }

    static int twice(int a) { return inc(inc(a)); }

    static int bump(int n) {
        counter++;  // a static field read and written: unknown, but decides nothing
        return n + 1;
    }

    static int readField(Cell c) { return c.value; }

    static int narrow(int a) { return (byte) a; }

    static final class Cell {
        int value;
    }

    public static void main(String[] args) {
        int n = args.length + args[0].length();
        while (n > 0) n--;
    }
}
