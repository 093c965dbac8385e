// Soundness regression (issue 14 review): the finalizer, run by the JVM on
// its finalizer thread, sets the flag the loop waits for; a run of one
// thread that repeats its state proves nothing here.
// EXPECT: analyze -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent -> MAYBE no-nonterminating
public class SoundFinalizerFlag {
    static volatile boolean stop;

    static class Node {
        Node next;
    }

    static class Fin {
        @Override
        protected void finalize() {
            stop = true;
        }
    }

    public static void main(String[] args) {
        Node a = new Node();
        Node b = new Node();
        a.next = b;
        b.next = a;
        new Fin();
        Node p = a;
        while (!stop) {
            p = p.next;
            byte[] g = new byte[1 << 12];
        }
        System.out.println("done");
    }
}
