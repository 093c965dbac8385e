// Squaring does not grow 1: with one argument y = 1 and x = 3, the loop
// runs forever. Must never get YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermSquareStuck {
    public static void main(String[] args) {
        int x = args.length + 2;
        int y = args.length;
        while (x > y && y >= 0) {
            y = y * y;
        }
        System.out.println(y);
    }
}
