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

    public static void main(String[] args) {
        grow(args.length, 1);
    }
}
