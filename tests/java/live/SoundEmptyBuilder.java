package live;

// On JDK 17 an empty StringBuilder's toString() is the interned literal ""
// (StringLatin1.newString returns "" for length 0); jhalt's StringBuilder model
// makes a new String.
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run
public class SoundEmptyBuilder {
    static long run() {
        long hits = 0;
        StringBuilder sb = new StringBuilder();
        while (hits < 15_000_000_000L) {
            sb.setLength(0);
            if (sb.toString() == "") hits++;
        }
        return hits;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        long n = run();
        System.out.println("hits " + n + " in " + (System.currentTimeMillis() - t0) + " ms");
    }
}
