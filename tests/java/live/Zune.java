package live;

// The Zune 30 player's leap-year bug (paper 003, §4; 31 December 2008): on
// the 366th day of a leap year the loop makes no progress.
// EXPECT: live -> NO stuck:13 thread:main
public class Zune {
    static boolean isLeap(int year) {
        return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    }

    static int yearOf(int days) {
        int year = 1980;
        while (days > 365) {
            if (isLeap(year)) {
                if (days > 366) {
                    days -= 366;
                    year += 1;
                }
            } else {
                days -= 365;
                year += 1;
            }
        }
        return year;
    }

    public static void main(String[] args) {
        // 1 January 1980 is day 1; 31 December 2008 is day 10593.
        System.out.println(yearOf(10593));
    }
}
