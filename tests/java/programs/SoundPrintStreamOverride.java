// Soundness regression (issue 13 review): PrintStream.println is on the
// list of library methods known to terminate, but PrintStream is not
// final: an application subclass may override it with a loop (for
// n = 95777 this one never ends). The list applies only when no
// application class can override the method.
import java.io.PrintStream;

public class SoundPrintStreamOverride {
    static void m(PrintStream p, int n) {
        p.println(n);
    }

    static class Evil extends PrintStream {
        Evil() {
            super(System.out);
        }

        @Override
        public void println(int n) {
            long t = n;
            while (((t * 0x9E3779B97F4A7C15L) >>> 40) % 100003L == 4242L) { }
        }
    }
}
// EXPECT: analyze --engine term --method 'SoundPrintStreamOverride.m(Ljava/io/PrintStream;I)V' -> MAYBE
// EXPECT: analyze --engine term --int-semantics math --method 'SoundPrintStreamOverride.m(Ljava/io/PrintStream;I)V' -> MAYBE
