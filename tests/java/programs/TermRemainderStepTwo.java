// Steps of 2 towards a multiple of 3 (2 is -1 modulo 3): at most two
// iterations from any x, negative ones included.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermRemainderStepTwo {
    public static void main(String[] args) {
        int x = args.length > 0 ? args[0].length() - 2 * args.length : 0;
        while (x % 3 != 0) {
            x += 2;
        }
        System.out.println(x);
    }
}
