package live;

// Paper 004, Fig. 1 with a step count that does not decide the loop: x
// alternates between 6 and 8 and never becomes 3.
// EXPECT: live -> NO stuck:13 thread:main
public class Cycle {
    static int foo(String[] args) {
        return args.length > 0 ? args[0].length() : 6;
    }

    static long run(int x) {
        long steps = 0;
        while (x != 3) {
            x = (x * x + 2) % 10;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        System.out.println(run(foo(args)));
    }
}
