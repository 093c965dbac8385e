// Loops over the int fields of objects main builds (issue 13 item 1): the
// symbolic execution graph keeps a field's value as a variable, shown or not.
public class TermHeapFields {
    static class Counter {
        int left;
        Counter next;
    }

    static Counter make(int n) {
        Counter c = new Counter();
        c.left = n;
        return c;
    }

    public static void main(String[] args) {
        Counter c = make(args.length);
        while (c.left > 0) c.left--;
        Counter d = make(args.length + 3);
        d.next = c;
        while (d.left > c.left) d.left -= 2;
    }
}
// EXPECT: termcomp -> YES
// EXPECT: analyze --engine term -> YES
