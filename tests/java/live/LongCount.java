package live;

// A long-running loop that ends: a counter up to six billion.
// EXPECT: live -> ENDS exit:0
public class LongCount {
    public static void main(String[] args) {
        long sum = 0;
        for (long i = 0; i < 6_000_000_000L; i++) {
            sum += i ^ (i >>> 3);
        }
        System.out.println(sum);
    }
}
