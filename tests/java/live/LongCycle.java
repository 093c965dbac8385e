package live;

// A non-linear map whose values cycle with period 49 (x -> x*x + 1 mod
// 1009 from 1): each observed path fixes x, so a closed set needs all 49
// paths; the memory at the loop head also repeats exactly.
// EXPECT: live -> NO stuck:9 thread:main
public class LongCycle {
    static int run(int x) {
        while (x != 0) {
            x = (x * x + 1) % 1009;
        }
        return x;
    }

    public static void main(String[] args) {
        System.out.println(run(1));
    }
}
