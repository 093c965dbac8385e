// A constructor that publishes `this` in a static field makes the stores of
// new nodes shape writes: the caller closes a cycle through the static, so
// the walk after the recursive growth must never get YES (one argument: it
// runs forever).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --int-semantics math -> NO
public class TermTreePublish {
    static TermTreePublish last;
    TermTreePublish left;

    TermTreePublish() {
        last = this;
    }

    void publish(int n) {
        if (n <= 0) return;
        if (left == null) left = new TermTreePublish();
        else left.publish(n - 1);
    }

    static int walk(TermTreePublish p) {
        int n = 0;
        while (p != null) {
            n++;
            p = p.left;
        }
        return n;
    }

    public static void main(String[] args) {
        TermTreePublish u = new TermTreePublish();
        u.publish(args.length);
        last.left = u;
        walk(u);
    }
}
