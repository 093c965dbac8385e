// Looping non-termination where only a counter that decides nothing changes
// (paper 000, Thm. 7): i never reaches 100 because it is increased by 0.
public class Stuck {
    public static void main(String[] args) {
        int steps = 0;
        for (int i = 0; i < 100; i += 0) {
            steps++;
        }
    }
}
// EXPECT: termcomp -> NO
