// fill() sets this.next to a new node on every path and returns the last
// node it made: the returned node lies inside the new list, so closing
// r.next = t.next makes that list cyclic and length() never ends (found by
// a soundness review: the written field's new object was related to
// nothing, so the store looked like one between unrelated objects).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermMustWriteReturned {
    TermMustWriteReturned next;

    static int length(TermMustWriteReturned m) {
        int k = 0;
        while (m != null) {
            m = m.next;
            k++;
        }
        return k;
    }

    TermMustWriteReturned fill(int n) {
        next = new TermMustWriteReturned();
        if (n <= 0) return next;
        return next.fill(n - 1);
    }

    public static void main(String[] args) {
        TermMustWriteReturned t = new TermMustWriteReturned();
        TermMustWriteReturned r = t.fill(args.length);
        TermMustWriteReturned a = t.next;
        r.next = a;
        System.out.println(length(a));
    }
}
