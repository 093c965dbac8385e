// A terminating loop: the counter decreases towards 0.
// It terminates: a YES once termination proofs exist (issue 13).
public class CountDown {
    public static void main(String[] args) {
        int n = args.length;
        while (n > 0) {
            n--;
        }
    }
}
// EXPECT: termcomp -> YES
// EXPECT: termcomp --engine seg -> MAYBE
