// Soundness regression (issue 13 review): reading C.X initializes the
// interface that declares X, whose initializer never ends.
public class SoundInterfaceConstant {
    interface Spins {
        int X = spin();

        static int spin() {
            int k = 0;
            while (true) k = k + 0;
        }
    }

    static class C implements Spins {
    }

    public static void main(String[] args) {
        int y = C.X;
    }
}
// EXPECT: termcomp -> NO
