// Soundness regression (issue 13 review): a finalizer runs on another
// thread and resets the counter, so the counter is not a ranking function.
public class SoundFinalizer {
    static int n;

    static class Fin {
        @Override
        protected void finalize() {
            SoundFinalizer.n = 0;
            new Fin();
        }
    }

    public static void main(String[] args) {
        new Fin();
        while (n < 200) {
            n = n + 1;
            byte[] b = new byte[1 << 20];
        }
    }
}
// EXPECT: termcomp -> MAYBE
