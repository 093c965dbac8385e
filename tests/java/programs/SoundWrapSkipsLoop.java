// Soundness regression (issue 13 review of the JVM wrap transitions): after
// x++ wraps, the JVM enters a branch the mathematical path prunes (2^31 < 0
// is false), and that branch holds a loop whose head the translation never
// gave a cut (long code stops the kinds dataflow). A wrap transition must
// not jump past it: for n = 95777 the loop runs forever on the JVM.
public class SoundWrapSkipsLoop {
    static void m(int n) {
        int x = Integer.MAX_VALUE;
        x++;
        if (x < 0) {
            long t = n;
            while (((t * 0x9E3779B97F4A7C15L) >>> 40) % 100003L == 4242L) { }
        }
    }
}
// EXPECT: analyze --engine term --method 'SoundWrapSkipsLoop.m(I)V' -> MAYBE
// EXPECT: analyze --engine term --int-semantics math --method 'SoundWrapSkipsLoop.m(I)V' -> YES
