// A busy loop that prints how many iterations it made in each 100 ms
// window (`<seconds since start> <iterations per second>`), for the
// target's slowdown while jhalt is attached (issue 15). Ends after the
// number of seconds given.
public class BusyLoop {
    static long mix(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        return x ^ (x << 17);
    }

    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 12;
        long start = System.nanoTime(), window = start, count = 0, x = 1;
        while (true) {
            for (int k = 0; k < 10_000; k++) x = mix(x);
            count += 10_000;
            long now = System.nanoTime();
            if (now - window >= 100_000_000L) {
                System.out.println(((now - start) / 1e9) + " " + (count * 1e9 / (now - window)));
                System.out.flush();
                count = 0;
                window = now;
                if (now - start >= seconds * 1e9) break;
            }
        }
        System.out.println("end " + x);
    }
}
