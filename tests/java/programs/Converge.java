// Terminates for every input (|i - j| decreases): must never get NO. Its
// loop has the same shape as Middle's, so the invariant search must not
// invent a recurrent set here.
public class Converge {
    static int converge(int i, int j) {
        while (i != j) {
            if (i < j) {
                i++;
            } else {
                i--;
            }
        }
        return i;
    }

    public static void main(String[] args) {
        converge(args.length, 7);
    }
}
// EXPECT: termcomp -> MAYBE
// EXPECT: analyze --method 'Converge.converge(II)I' -> MAYBE no-exceptions
