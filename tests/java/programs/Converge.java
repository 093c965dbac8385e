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
// From main (j = 7) the term engine proves it: in the graph with peeled loop
// entries (seg::BuildOptions::peel_loop_entries) the first iteration decides
// the direction, and each direction has a loop head of its own.
// EXPECT: termcomp -> YES
// EXPECT: analyze --method 'Converge.converge(II)I' -> MAYBE no-exceptions
