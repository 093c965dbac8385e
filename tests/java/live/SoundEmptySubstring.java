package live;

// On JDK 17 an empty substring is the interned literal "" (StringLatin1.newString
// returns "" for length 0), so `t == ""` holds and the loop counts up to its end.
// jhalt's String model makes a new empty String each time.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundEmptySubstring {
    static String s = "abcdef";
    static long run() {
        long hits = 0;
        while (hits < 20_000_000_000L) {
            String t = s.substring(3, 3);
            if (t == "") hits++;
        }
        return hits;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("hits " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
