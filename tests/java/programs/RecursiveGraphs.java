// Recursion in symbolic execution graphs (issue 16, thesis 002 Ch. 3):
// exceptions inside recursive methods, infinite recursion over heap
// structures and in ordinary code, and terminating recursion that must
// never be called non-terminating.
public class RecursiveGraphs {
    static class Node {
        int value;
        Node next;
        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    static class Tree {
        int value;
        Tree left, right;
    }

    static class Box {
        Object inner;
        Box(Object inner) { this.inner = inner; }
    }

    static int length(Node n) {
        if (n == null) return 0;
        return 1 + length(n.next);
    }

    // A ring when k > 1: length never returns.
    static int ringLength(int k) {
        Node a = new Node(1, null);
        Node b = new Node(2, null);
        a.next = b;
        if (k > 1) b.next = a;
        return length(a);
    }

    // A missing null check: left.right is read without looking.
    static int sum(Tree t) {
        if (t == null) return 0;
        int inner = t.left == null ? 0 : t.left.right.value;
        return t.value + inner + sum(t.left) + sum(t.right);
    }

    static int sumAcc(Node n, int acc) {
        if (n == null) return acc;
        return sumAcc(n.next, acc + n.value);
    }

    static int fact(int n) {
        if (n <= 1) return 1;
        return n * fact(n - 1);
    }

    static int ackermann(int m, int n) {
        if (m <= 0) return n + 1;
        if (n <= 0) return ackermann(m - 1, 1);
        return ackermann(m - 1, ackermann(m, n - 1));
    }

    // Deep but finite.
    static int deep(int n) {
        if (n <= 0) return 0;
        return 1 + deep(n - 1);
    }

    // Arguments that repeat after a few steps (n % 3 + 1 cycles through 1, 2, 3).
    static int spin(int n) {
        if (n == 0) return 0;
        return 1 + spin(n % 3 + 1);
    }

    // Binary search whose range stops shrinking (lo = mid instead of mid + 1).
    static int find(int[] a, int lo, int hi, int key) {
        if (lo > hi) return -1;
        int mid = (lo + hi) / 2;
        if (a[mid] == key) return mid;
        if (a[mid] < key) return find(a, mid, hi, key);
        return find(a, lo, mid - 1, key);
    }

    static int findSix(int k) {
        int[] a = {1, 3, 5, 7};
        return find(a, 0, 3, 6 + k * 0);
    }

    // Over Object parameters: a box that contains itself.
    static int depth(Object o) {
        if (o instanceof Box) return 1 + depth(((Box) o).inner);
        return 0;
    }

    static int selfBox(int k) {
        Box b = new Box(null);
        if (k > 0) b.inner = b;
        return depth(b);
    }

    // Mutual recursion through an inner class: walk(n) calls back(n + 1),
    // which calls walk(n) again.
    class Walker {
        int steps;
        int walk(int n) {
            steps++;
            return n <= 0 ? steps : back(n + 1);
        }
    }

    int back(int n) {
        return new Walker().walk(n - 1);
    }

    static int walkFrom(int n) {
        return new RecursiveGraphs().back(n);
    }

    // A loop inside a recursive method, after the recursive call returns:
    // stuck when the callee returned 5 (n = 6).
    static int stuckAfterReturn(int n) {
        if (n <= 0) return 0;
        int r = stuckAfterReturn(n - 1);
        while (r == 5) {
            n = n + 0;
        }
        return r + 1;
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) list = new Node(args[i].length(), list);
        System.out.println(length(list) + sumAcc(list, 0) + fact(args.length) + deep(args.length));
    }
}
// Heap-aware analysis of recursive methods (the graphs abstract the call stack):
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.ringLength(I)I' -> NO nonterminating:recursion:27
// EXPECT: analyze --method 'RecursiveGraphs.ringLength(I)I' -> MAYBE exception:java/lang/StackOverflowError:27
// EXPECT: analyze --engine seg --method 'RecursiveGraphs.sum(LRecursiveGraphs$Tree;)I' -> MAYBE exception:java/lang/NullPointerException:42
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.sum(LRecursiveGraphs$Tree;)I' -> NO nonterminating:recursion:43 exception:java/lang/NullPointerException:42
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.length(LRecursiveGraphs$Node;)I' -> NO nonterminating:recursion:27
// With an accumulator (a cyclic list as the witness):
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.sumAcc(LRecursiveGraphs$Node;I)I' -> NO nonterminating:recursion:48
// Infinite recursion in ordinary code:
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.findSix(I)I' -> NO nonterminating:recursion:79
// EXPECT: analyze --method 'RecursiveGraphs.findSix(I)I' -> MAYBE exception:java/lang/StackOverflowError:79
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.selfBox(I)I' -> NO nonterminating:recursion:90
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.walkFrom(I)I' -> NO nonterminating:recursion:106
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.spin(I)I' -> NO nonterminating:recursion:71
// Terminating recursion is never NO:
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.fact(I)I' -> YES
// EXPECT: analyze --method 'RecursiveGraphs.deep(I)I' -> YES
// EXPECT: analyze --int-semantics math --method 'RecursiveGraphs.ackermann(II)I' -> YES
// EXPECT: termcomp -> YES
// EXPECT: analyze -> YES no-nonterminating no-exceptions
// A loop inside a recursive method (the graph goes on after the recursive call returns):
// EXPECT: analyze --engine seg --method 'RecursiveGraphs.stuckAfterReturn(I)I' -> NO nonterminating:looping:123
