package live;

// LongCycle with a step counter that the exit test never reads: the memory
// never repeats, but 49 observed paths close.
// EXPECT: live -> NO stuck:9 thread:main
public class LongCycleCounted {
    static long run(int x) {
        long steps = 0;
        while (x != 0) {
            x = (x * x + 1) % 1009;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        System.out.println(run(1));
    }
}
