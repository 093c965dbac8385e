// A CPU-bound benchmark without allocation in its hot loops (arithmetic,
// array scans, a sieve), for the cost of jhalt's dormant agent (issue 15).
// Prints the seconds of the second half of its rounds, then the whole time.
public class ArithBench {
    static int[] primes = new int[1 << 20];

    static long round(int seed) {
        boolean[] composite = new boolean[2_000_000];
        int count = 0;
        for (int i = 2; i < composite.length; i++) {
            if (composite[i]) continue;
            if (count < primes.length) primes[count] = i;
            count++;
            for (long j = (long) i * i; j < composite.length; j += i) composite[(int) j] = true;
        }
        long h = seed;
        for (int k = 0; k < 20_000_000; k++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
            h ^= h >>> 29;
        }
        long sum = 0;
        for (int k = 0; k < count; k++) sum += primes[k] % 7;
        return h + sum + count;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        long t0 = System.nanoTime(), half = t0, s = 0;
        for (int k = 0; k < rounds; k++) {
            if (k == rounds / 2) half = System.nanoTime();
            s += round(k);
        }
        long end = System.nanoTime();
        System.out.println((end - half) / 1e9 + " " + (end - t0) / 1e9 + " " + s);
    }
}
