// Termination proofs through recursion (issue 13): the symbolic execution
// graph's call edges and call summaries (thesis 002, Ch. 3) in the ITS.
public class TermRec {
    static class Node {
        Node next;
        int value;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    static class Tree {
        Tree left, right;
    }

    static int length(Node l) {
        if (l == null) return 0;
        return 1 + length(l.next);
    }

    static Node build(int n) {
        Node l = null;
        for (int i = 0; i < n; i++) l = new Node(i, l);
        return l;
    }

    // A list: its length by recursion.
    public static void main(String[] args) {
        System.out.println(length(build(args.length)));
    }

    static int fact(int n) {
        return n <= 1 ? 1 : n * fact(n - 1);
    }

    // Recursion called in a loop: the loop's counter survives the calls.
    static class Loops {
        public static void main(String[] args) {
            int total = 0;
            for (int i = 0; i < args.length; i++) total += fact(i);
            System.out.println(total);
        }
    }

    static int size(Tree t) {
        if (t == null) return 0;
        return 1 + size(t.left) + size(t.right);
    }

    static Tree tree(int depth) {
        if (depth <= 0) return null;
        Tree t = new Tree();
        t.left = tree(depth - 1);
        t.right = tree(depth - 2);
        return t;
    }

    // A tree: two recursive calls, the second after the first returned.
    static class Trees {
        public static void main(String[] args) {
            System.out.println(size(tree(args.length)));
        }
    }

    static void grow(Node l) {
        if (l.next == null) l.next = new Node(0, null);
        else grow(l.next);
    }

    // Appends behind itself: the walk never reaches the end.
    static class Grow {
        public static void main(String[] args) {
            Node l = build(args.length + 1);
            while (l != null) {
                grow(l);
                l = l.next;
            }
        }
    }

    static int log(int x, int y) {
        if (x >= y && y > 1) return 1 + log(x / y, y);
        return 0;
    }

    // Division by a variable at least 2 shrinks the argument.
    static class Log {
        public static void main(String[] args) {
            System.out.println(log(args.length * 1000, args.length));
        }
    }

    static int down(int n) {
        if (n == 0) return 0;
        return down(n - 2);
    }

    // Odd arguments skip 0: the recursion goes on (StackOverflowError).
    static class Skips {
        public static void main(String[] args) {
            System.out.println(down(args.length));
        }
    }
}
// EXPECT: termcomp -> YES
// EXPECT: termcomp --int-semantics jvm -> YES
// EXPECT: termcomp --entry 'TermRec$Loops' -> YES
// EXPECT: termcomp --entry 'TermRec$Loops' --int-semantics jvm -> YES
// EXPECT: termcomp --entry 'TermRec$Trees' -> YES
// EXPECT: termcomp --entry 'TermRec$Grow' -> NO
// EXPECT: termcomp --entry 'TermRec$Skips' -> NO
// EXPECT: termcomp --entry 'TermRec$Skips' --int-semantics jvm -> MAYBE
// EXPECT: termcomp --entry 'TermRec$Log' -> YES
// EXPECT: termcomp --entry 'TermRec$Log' --int-semantics jvm -> YES
