// Loop shapes: nested loops, labelled break/continue, do-while, for-each,
// while(true) with break, a loop whose exit is an exception.
public class Loops {
    static int nested(int n) {
        int s = 0;
        outer:
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                if (j == 7) continue outer;
                if (i * j > 100) break outer;
                s += j;
            }
        }
        return s;
    }

    static int doWhile(int n) {
        int k = 0;
        do {
            k += 2;
        } while (k < n);
        return k;
    }

    static int forever(int n) {
        while (true) {
            n = n / 2;
            if (n < 3) break;
        }
        return n;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int x : a) s += x;
        return s;
    }

    static int untilException(int[] a) {
        int i = 0;
        try {
            while (true) {
                i += a[i];
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            return i;
        }
    }

    public static void main(String[] args) {
        int n = args.length;
        System.out.println(nested(n) + doWhile(n) + forever(n + 10) + sum(new int[] {n, 1}));
    }
}
