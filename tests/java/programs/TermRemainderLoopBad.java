// As TermRemainderLoop, but steps of 2 towards a multiple of 4: an odd x
// never gets there and the loop runs for ever. The integer cuts must not
// remove it.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermRemainderLoopBad {
    public static void main(String[] args) {
        int x = args.length;
        while (x % 4 != 0) {
            x += 2;
        }
        System.out.println(x);
    }
}
