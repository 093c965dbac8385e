// A loop that ends because its counter's remainder must reach 0 within
// three steps (the TPDB's Round3): no linear function of x ranks it, but
// three iterations in a row are infeasible over the integers, which
// Chvátal-Gomory cuts show (x = 3q + r with r in 1..2 for x >= 0).
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermRemainderLoop {
    public static void main(String[] args) {
        int x = args.length > 0 ? args[0].length() - args.length : 0;
        while (x % 3 != 0) {
            x++;
        }
        System.out.println(x);
    }
}
