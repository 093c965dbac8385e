// Found by a review: x and y are one object (p, which only leads into a
// ring) when no argument is given, two objects of a 2-ring otherwise. The
// merge keeps x ⇝ y and y ⇝ x, each possibly of length 0; chained they
// must not make x lie on a cycle. Runs forever when args is empty.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermRingZeroSteps {
    static class E {
        E next;
    }

    public static void main(String[] args) {
        int n = args.length;
        E c = new E();
        c.next = c;
        E p = new E();
        p.next = c;  // p leads into the ring c -> c, but is not on it
        E x = p, y = p;
        for (int k = 0; k < n; k++) {
            if (k == 0) {
                E a = new E();
                E b = new E();
                a.next = b;
                b.next = a;
                x = a;
                y = b;
            } else {
                E t = x;
                x = y;
                y = t;
            }
        }
        int count = 0;
        for (E e = x.next; e != x; e = e.next) count++;
    }
}
