// Looping non-termination through variables that change but repeat (TPDB
// Julia_11_iterative/Swingers): the state repeats after two iterations.
public class Swap {
    public static void main(String[] args) {
        int bob = 13;
        int samantha = 17 + args.length;
        while (bob + samantha < 100) {
            int temp = bob;
            bob = samantha;
            samantha = temp;
        }
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze -> NO nonterminating:looping:7
