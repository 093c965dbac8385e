// copy(s, t) appends a copy of the list s behind t, one node per call. It
// ends when t's node is not on s's list. Here the target is the list's own
// last node for some inputs: then each new node is appended behind the one
// copy() is about to read, and the copy runs for ever. The outermost call,
// kept in main's context, must not hide that sharing.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermOuterCallShared {
    int val;
    TermOuterCallShared field;

    static void copy(TermOuterCallShared source, TermOuterCallShared target) {
        if (source == null) return;
        TermOuterCallShared fresh = new TermOuterCallShared();
        fresh.val = source.val;
        target.field = fresh;
        copy(source.field, fresh);
    }

    TermOuterCallShared appendNew(int i) {
        field = new TermOuterCallShared();
        if (i <= 1) return field;
        return field.appendNew(i - 1);
    }

    public static void main(String[] args) {
        TermOuterCallShared t1 = new TermOuterCallShared();
        TermOuterCallShared last = t1.appendNew(args.length);
        copy(t1, args.length > 2 ? last : new TermOuterCallShared());
        System.out.println("copied");
    }
}
