// Loops whose non-termination is a universal recurrent set found by
// forward analysis (paper 003, issue 14). Each method is an entry.
public class Recurrent {
    // Issue 14's example: runs forever from x > 0, y >= 0 over mathematical
    // integers; on the JVM x + y overflows and the loop ends.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.grow(II)V' -> NO nonterminating:recurrent:9
    // EXPECT: analyze --engine recurrent --method 'Recurrent.grow(II)V' -> MAYBE no-nonterminating
    static void grow(int x, int y) {
        while (x > 0) {
            x = x + y;
            y = y + 1;
        }
    }

    // Paper 003, Fig. 1 (Example 1): recurrent set (1 <= x <= 60) or x >= 100.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.fig1(I)V' -> NO nonterminating:recurrent:18
    static void fig1(int x) {
        while (x >= 1) {
            if (x == 60) {
                x = 50;
            }
            x = x + 1;
            if (x == 100) {
                x = 0;
            }
        }
    }

    // The Zune bug (paper 003, Fig. 6, with a simplified leap test): days ==
    // 366 in a leap year is never left. Holds on the JVM too.
    // EXPECT: analyze --engine recurrent --method 'Recurrent.zune(I)I' -> NO nonterminating:recurrent:34
    static int zune(int days) {
        int year = 1980;
        while (days > 365) {
            if (year % 4 == 0) {
                if (days > 366) {
                    days = days - 366;
                    year = year + 1;
                }
            } else {
                days = days - 365;
                year = year + 1;
            }
        }
        return year;
    }

    // Terminates: no recurrent set may be claimed.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.down(II)V' -> MAYBE no-nonterminating
    static void down(int x, int y) {
        while (x > 0) {
            x = x - y;
            if (y < 1) {
                y = 1;
            }
        }
    }

    // An inner loop that never ends (Julia_11_iterative/NO_02's shape): the
    // outer loop's path back through it is an exit of the inner loop's own
    // set, which is j <= 0.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.nested(I)V' -> NO nonterminating:recurrent:65
    static void nested(int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 1; j += 0) {
            }
        }
    }

    // A relation: j - i >= 1 stays (octagons). On the JVM j overflows.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.chase(II)V' -> NO nonterminating:recurrent:74
    // EXPECT: analyze --engine recurrent --method 'Recurrent.chase(II)V' -> MAYBE no-nonterminating
    static void chase(int i, int j) {
        while (i < j) {
            i++;
            j++;
        }
    }

    // The run enters the set (j in {51, 52}) only after about 50
    // iterations (Julia_11_iterative/NO_13's shape).
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.settle()V' -> NO nonterminating:recurrent:85
    static void settle() {
        int j = 100;
        for (int i = 0; i < j; ) {
            if (51 < j) {
                i++;
                j--;
            } else {
                i--;
                j++;
            }
        }
    }

    // Terminate over mathematical integers from every start: no set.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.shrink(II)V' -> MAYBE no-nonterminating
    static void shrink(int x, int y) {
        while (x > 0) {
            x = x - y;
            y = y + 1;
        }
    }

    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.gcd(II)I' -> MAYBE no-nonterminating
    static int gcd(int a, int b) {
        if (a <= 0 || b <= 0) {
            return 0;
        }
        while (a != b) {
            if (a > b) {
                a = a - b;
            } else {
                b = b - a;
            }
        }
        return a;
    }

    // Terminates over mathematical integers (k >= 1); on the JVM i + k wraps
    // past MAX_VALUE, and with n = MAX_VALUE, k = 2 and i even the loop runs
    // forever. This engine treats an overflow as a way out of the loop, so
    // it claims no set in either semantics.
    // EXPECT: analyze --engine recurrent --int-semantics math --method 'Recurrent.forcedStep(III)V' -> MAYBE no-nonterminating
    // EXPECT: analyze --engine recurrent --method 'Recurrent.forcedStep(III)V' -> MAYBE no-nonterminating
    static void forcedStep(int i, int n, int k) {
        if (k < 1) {
            k = 1;
        }
        while (i < n) {
            i = i + k;
        }
    }

    public static void main(String[] args) {
        grow(args.length, 1);
    }
}
