// Methods for the soundness test of symbolic execution graphs: each is run
// on random inputs on the JVM and in jhalt's evaluator, and every concrete
// run must be covered by the graph built for arbitrary inputs.
public class Sound {
    static class Node {
        int v;
        Node next;

        Node(int v, Node next) {
            this.v = v;
            this.next = next;
        }
    }

    static class Counter {
        static int count;

        static void inc() {
            count++;
        }
    }

    static int sumTo(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }

    static int collatzSteps(int n) {
        int k = 0;
        while (n > 1 && k < 50) {
            n = n % 2 == 0 ? n / 2 : 3 * n + 1;
            k++;
        }
        return k;
    }

    static int divide(int a, int b) {
        return a / b + a % b;
    }

    static int shifts(int a, int b) {
        return (a << (b & 3)) + (a >> 1) + (a >>> 28) + (a & 7) + (a | 8) + (a ^ b);
    }

    static int arrayMax(int[] a) {
        int m = a[0];
        for (int i = 1; i < a.length; i++) {
            if (a[i] > m) {
                m = a[i];
            }
        }
        return m;
    }

    static int index(int[] a, int i) {
        return a[i];
    }

    static int store(int[] a, int i, int v) {
        a[i] = v;
        return a[0] + a.length;
    }

    static int newArray(int n) {
        int[] x = new int[n];
        return x.length;
    }

    static int listSum(int n) {
        Node l = null;
        for (int i = 0; i < n; i++) {
            l = new Node(i, l);
        }
        int c = 0;
        while (l != null) {
            c += l.v;
            l = l.next;
        }
        return c;
    }

    static int catching(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    static int nested(int a, int b) {
        int s = 0;
        for (int i = 0; i < a; i++) {
            for (int j = 0; j < b; j++) {
                s += i * j;
            }
        }
        return s;
    }

    static int switcher(int a) {
        switch (a) {
            case 1: return 10;
            case 2: return 20;
            case 5: return 50;
            default: return a;
        }
    }

    static int lookup(int a) {
        switch (a) {
            case -100: return 1;
            case 0: return 2;
            case 1000: return 3;
            default: return 4;
        }
    }

    static long longs(int a, int b) {
        long x = a;
        x = x * 1000000L + b;
        return x / 3 + (x % 7) + (x > 0 ? 1 : 0);
    }

    static int strings(int n) {
        String s = "abc";
        int c = 0;
        for (int i = 0; i < n && i < s.length(); i++) {
            c += s.charAt(i);
        }
        return c;
    }

    static int charAtOutside(int i) {
        return "xyz".charAt(i);
    }

    static int boolOps(int a, int b) {
        boolean p = a > b;
        boolean q = a == b;
        return (p ? 1 : 0) + (q ? 2 : 0) + (p && !q ? 4 : 0);
    }

    static int casts(int a) {
        Object o = a > 0 ? new Node(a, null) : (Object) "x";
        if (o instanceof Node) {
            return ((Node) o).v;
        }
        return ((String) o).length();
    }

    static int fields(int a) {
        Node n = new Node(a, new Node(a + 1, null));
        n.next.v += n.v;
        return n.next.v;
    }

    static int throwing(int a) {
        if (a < 0) {
            throw new IllegalArgumentException("negative");
        }
        return a;
    }

    static int staticCounter(int a) {
        Counter.count = 0;
        for (int i = 0; i < a; i++) {
            Counter.inc();
        }
        return Counter.count;
    }

    static int arrays2d(int n) {
        int[][] g = new int[2][3];
        g[1][2] = n;
        return g[1][2] + g[0].length + g.length;
    }

    static int minMax(int a, int b) {
        return Math.max(a, b) - Math.min(a, b) + Math.abs(a);
    }

    static int sharing(int a) {
        Node x = new Node(a, null);
        Node y = a > 0 ? x : new Node(1, null);
        y.v = 7;
        return x.v;
    }

    // Recursion (issue 16, thesis 002 Ch. 3): graphs abstract the call stack.
    static int fact(int n) {
        if (n <= 1) return 1;
        return n * fact(n - 1);
    }

    static int fib(int n) {
        if (n < 2) return n;
        return fib(n - 1) + fib(n - 2);
    }

    static int even(int n) {
        if (n == 0) return 1;
        if (n < 0) return even(-n);
        return odd(n - 1);
    }

    static int odd(int n) {
        if (n == 0) return 0;
        return even(n - 1);
    }

    static int gcd(int a, int b) {
        if (b == 0) return a;
        return gcd(b, a % b);
    }

    static int sumFrom(int[] a, int i) {
        if (i >= a.length) return 0;
        return a[i] + sumFrom(a, i + 1);
    }

    // The callee writes what the caller reads after the call.
    static int fillDown(int[] a, int i) {
        if (i < 0) return 0;
        a[i] = i * 2 + 1;
        int rest = fillDown(a, i - 1);
        return rest + a[i] + (i > 0 ? a[i - 1] : 0);
    }

    static int throwDeep(int n) {
        if (n > 3) throw new IllegalStateException("deep");
        return throwDeep(n + 1) + 1;
    }

    static int catchDeep(int n) {
        try {
            return throwDeep(n) * 2;
        } catch (IllegalStateException e) {
            return -n;
        }
    }

    static int countDown(int n) {
        Counter.count = 0;
        int r = countRec(n, null);
        return r * 1000 + Counter.count;
    }

    // Its result depends on Counter.count: the Node parameter keeps the test
    // from running it directly.
    static int countRec(int n, Node unused) {
        if (n <= 0) return Counter.count;
        Counter.count += 2;
        return countRec(n - 1, unused);
    }

    static int listRec(int n) {
        Node list = null;
        for (int i = 0; i < n; i++) list = new Node(i, list);
        int before = lengthRec(list);
        bumpRec(list);
        return before * 100 + lengthRec(list) + (list == null ? 0 : list.v);
    }

    // The caller knows the fields the callee changes.
    static int bumpKnown(int a) {
        Node n = new Node(a, new Node(a, null));
        bumpRec(n);
        return n.v * 10 + n.next.v + lengthRec(n);
    }

    static int lengthRec(Node n) {
        if (n == null) return 0;
        return 1 + lengthRec(n.next);
    }

    static void bumpRec(Node n) {
        if (n == null) return;
        n.v += 3;
        bumpRec(n.next);
    }

    // Shapes the state shows explicitly (thesis 002, Def. 1.10(n)): writes
    // that share a node through two fields, rotate a tree, or close a cycle
    // through a shared node.
    static class Tree {
        Tree left, right;
        int v;
    }

    static int rotate(int n) {
        Tree t = new Tree();
        Tree cur = t;
        for (int i = 0; i < n % 5; i++) {
            cur.left = new Tree();
            if (i % 2 == 0) cur.right = new Tree();
            cur = cur.left;
        }
        int steps = 0;
        while (t.left != null) {
            Tree tl = t.left;
            Tree tll = tl.left;
            Tree tlr = tl.right;
            Tree tr = t.right;
            t.right = tl;
            tl.right = tr;
            tl.left = tlr;
            t.left = tll;
            steps++;
        }
        return steps;
    }

    // Cyclic lists with a header, walked, unlinked and cleared (definite
    // reachability, design termination.md §9, "Cyclic data").
    static class Ring {
        Ring next, prev;
        int v;
    }

    static int ringOps(int n) {
        Ring h = new Ring();
        h.next = h.prev = h;
        for (int i = 0; i < n % 6; i++) {
            Ring e = new Ring();
            e.v = i;
            e.next = h;
            e.prev = h.prev;
            e.prev.next = e;
            h.prev = e;
        }
        int k = 0;
        for (Ring e = h.prev; e != h; e = e.prev) k += e.v;
        Ring p = h;
        for (Ring e = h.next; e != h; e = e.next) {
            if (e.v == n % 3) p.next = e.next;  // unlink
            else p = e;
        }
        Ring e = h.next;
        while (e != h) {
            Ring x = e.next;
            e.next = e.prev = null;
            e = x;
            k++;
        }
        return k;
    }

    static int ringPanhandle(int n) {
        Ring first = new Ring();
        Ring cur = first;
        for (int i = 0; i < n % 5; i++) {
            Ring e = new Ring();
            cur.next = e;
            e.prev = cur;
            cur = e;
        }
        cur.next = n > 3 ? first.next : first;  // a tail into a cycle, or a ring
        int k = 0;
        for (Ring e = first.next; e != first && e != null && k < 12; e = e.next) k++;
        return k;
    }

    static int dagWalk(int a) {
        Tree x = new Tree();
        Tree y = new Tree();
        x.left = y;
        x.right = y;
        if (a > 0) y.left = x;
        if (a > 5) x.right.right = y;
        int k = 0;
        for (Tree p = x; p != null && k < 9; p = p.left) k++;
        return k * 10 + (y.right == y ? 1 : 0);
    }
}
// Terminating methods never get NO (checked by tests/e2e/check_expectations.py):
// EXPECT: analyze --method 'Sound.sumTo(I)I' -> MAYBE no-exceptions
// EXPECT: analyze --method 'Sound.collatzSteps(I)I' -> MAYBE no-exceptions
// EXPECT: analyze --method 'Sound.nested(II)I' -> YES no-exceptions
// EXPECT: analyze --method 'Sound.listSum(I)I' -> MAYBE no-exceptions
// EXPECT: analyze --method 'Sound.strings(I)I' -> MAYBE no-exceptions
// EXPECT: analyze --method 'Sound.staticCounter(I)I' -> YES no-exceptions
// EXPECT: analyze --method 'Sound.arrayMax([I)I' -> MAYBE exception:java/lang/NullPointerException exception:java/lang/ArrayIndexOutOfBoundsException
