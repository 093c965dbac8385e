// The recursive callee closes a cycle through an object the caller's list
// reaches (through an argument in close, through a static field in
// closeStatic): afterwards the list's size is unknown, and length() runs
// forever on it.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermSummaryTaintedSizes {
    static class Node {
        Node next;
    }

    static Node global;

    static void close(Node a, Node target, int n) {
        if (n <= 0) {
            a.next = target;
            return;
        }
        close(a, target, n - 1);
    }

    static void closeStatic(int n) {
        if (n <= 0) {
            global.next.next = global;
            return;
        }
        closeStatic(n - 1);
    }

    static int length(Node n) {
        int k = 0;
        while (n != null) {
            n = n.next;
            k++;
        }
        return k;
    }

    public static void main(String[] args) {
        Node x = new Node();
        x.next = new Node();
        if (args.length > 1) {
            close(x.next, x, args.length);
        } else {
            global = x;
            closeStatic(args.length);
        }
        System.out.println(length(x));
    }
}
