// Regressions of the soundness review of recursion in graphs (issue 16):
// what a recursive callee writes, read again by its caller, is unknown -
// unbounded under mathematical integers, and new on every loop iteration.
public class SoundRecursionEffects {
    static class Counter {
        int c;
    }

    static int total;

    static void bump(int n) {
        if (n <= 0) {
            total = total + 8000000;
            return;
        }
        bump(n - 1);
    }

    // Ends under mathematical integers (total passes 2^31 - 1 after 269
    // calls); endless on the JVM, where it wraps.
    static void untilLarge(int d) {
        bump(2);
        if (total > 2147483647) return;
        untilLarge(d + 1);
    }

    static int staticGrows(int x) {
        total = 0;
        untilLarge(0);
        return 1;
    }

    static void bumpField(Counter s, int n) {
        if (n <= 0) {
            s.c = s.c + 8000000;
            return;
        }
        bumpField(s, n - 1);
    }

    static void untilLargeField(Counter s) {
        bumpField(s, 2);
        if (s.c > 2147483647) return;
        untilLargeField(s);
    }

    static int fieldGrows(int x) {
        untilLargeField(new Counter());
        return 1;
    }

    static void fill(int[] a, int j) {
        if (j >= a.length) return;
        a[j] = 1;
        fill(a, j + 1);
    }

    // The recursive fill makes a[3] == 1: the loop ends.
    static int filledThenCounted(int x) {
        int[] a = new int[4];
        fill(a, 0);
        int i = 0;
        while (true) {
            if (a[3] == 0) continue;
            i++;
            if (i > 1000000) break;
        }
        return i;
    }

    // An element of an argument array read in every iteration.
    static int elementTest(int[] a) {
        if (a == null || a.length != 4) return 0;
        int i = 0;
        while (true) {
            if (a[3] * 3 == 1) continue;
            i++;
            if (i > 1000000) break;
        }
        return i;
    }

    public static void main(String[] args) {
        System.out.println(filledThenCounted(0) + elementTest(new int[4]));
    }
}
// EXPECT: analyze --int-semantics math --method 'SoundRecursionEffects.staticGrows(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'SoundRecursionEffects.staticGrows(I)I' -> MAYBE exception:java/lang/StackOverflowError
// EXPECT: analyze --int-semantics math --method 'SoundRecursionEffects.fieldGrows(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'SoundRecursionEffects.filledThenCounted(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --int-semantics math --method 'SoundRecursionEffects.filledThenCounted(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'SoundRecursionEffects.elementTest([I)I' -> MAYBE no-nonterminating
// EXPECT: termcomp -> MAYBE
