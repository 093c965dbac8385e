import java.util.Arrays;
import java.util.HashMap;
import java.util.Random;

// A CPU-bound benchmark for the cost of jhalt's dormant agent (issue 15):
// object allocation, a HashMap, a StringBuilder, sorting. Prints its own
// time in seconds.
public class CpuBench {
    static final class P {
        final int x, y;
        P(int x, int y) { this.x = x; this.y = y; }
        int dot(P o) { return x * o.x + y * o.y; }
    }

    static long work(int n) {
        long s = 0;
        HashMap<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < n; i++) {
            P a = new P(i, i + 1), b = new P(i * 3, 7);
            s += a.dot(b);
            m.merge(i & 1023, i, Integer::sum);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n / 10; i++) {
            sb.append(i % 10);
            if (sb.length() > 1000) sb.setLength(0);
        }
        int[] arr = new int[100000];
        Random r = new Random(1);
        for (int i = 0; i < arr.length; i++) arr[i] = r.nextInt();
        Arrays.sort(arr);
        return s + m.size() + sb.length() + arr[5];
    }

    // Prints the seconds of the second half of the rounds (after the JIT has
    // compiled the code), then the whole time.
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long t0 = System.nanoTime(), half = t0;
        long s = 0;
        for (int k = 0; k < rounds; k++) {
            if (k == rounds / 2) half = System.nanoTime();
            s += work(1_000_000);
        }
        long end = System.nanoTime();
        System.out.println((end - half) / 1e9 + " " + (end - t0) / 1e9 + " " + s);
    }
}
