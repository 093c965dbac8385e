// Never YES (a review's wrong YES, older than the finding): after the
// first iteration h is null and x runs to null, so x != h turns false with
// both null. With two arguments the walk ends and the program loops.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermNullWalk {
    static class N {
        N n;
    }

    public static void main(String[] args) {
        N h = null;
        for (int i = 0; i < args.length; i++) {
            N t = new N();
            t.n = h;
            h = t;
        }
        if (h == null) return;
        for (N x = h.n; x != h; x = x.n) h = null;
        while (true) { }
    }
}
