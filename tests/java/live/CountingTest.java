package live;

// A loop whose exit test calls a method that counts: it ends after six
// billion calls.
// EXPECT: live -> ENDS exit:0
public class CountingTest {
    private long calls;

    boolean enough() {
        return ++calls > 6_000_000_000L;
    }

    public static void main(String[] args) {
        CountingTest t = new CountingTest();
        while (!t.enough()) {
        }
        System.out.println(t.calls);
    }
}
