// y grows by squaring (the TPDB's LogMult): with y >= 2, y * y >= 4y - 4
// (McCormick's bound from the intervals of the factors), so x - y
// decreases. Under JVM ints y * y wraps to 0 once y = 65536, and the loop
// then runs forever for x > 65536: no JVM YES.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermSquareGrowth {
    public static void main(String[] args) {
        int x = args.length;
        int y = 2;
        int steps = 0;
        while (x > y) {
            y = y * y;
            steps++;
        }
        System.out.println(steps);
    }
}
