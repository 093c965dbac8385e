package live;

// Non-linear updates stuck at a fixed point and in a cycle (paper 004,
// Fig. 1 without the counter that would wrap around).
// EXPECT: live -> NO stuck:13 thread:main
public class FixedPoint {
    static int seed(String[] args) {
        return args.length > 0 ? Integer.parseInt(args[0]) : 1;
    }

    static long grow(long x) {
        long steps = 0;
        while (x < 1000) {
            x = x * x;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        System.out.println(grow(seed(args)));
    }
}
