// Runtime exceptions with witnesses (issue 4): division by zero, array
// index out of bounds, negative array size, a null dereference, a class cast
// and an explicit throw. `safe` cannot throw and must not be reported.
public class Faults {
    static class Cell {
        int v;
    }

    static int divide(int a, int b) {
        return a / b;
    }

    static int at(int[] a, int i) {
        return a[i];
    }

    static int make(int n) {
        return new int[n].length;
    }

    static int deref(Cell c) {
        return c.v;
    }

    static int cast(Object o) {
        return ((Cell) o).v;
    }

    static int safe(int a) {
        return a > 0 ? a * 2 : -a;
    }

    static int checked(int a) {
        if (a > 3) {
            throw new IllegalStateException("too big");
        }
        return a;
    }

    public static void main(String[] args) {
        System.exit(divide(args.length, args.length - 1));
    }
}
// EXPECT: analyze --method 'Faults.divide(II)I' -> YES exception:java/lang/ArithmeticException:10
// EXPECT: analyze --method 'Faults.at([II)I' -> YES exception:java/lang/ArrayIndexOutOfBoundsException:14 exception:java/lang/NullPointerException:14
// EXPECT: analyze --method 'Faults.make(I)I' -> YES exception:java/lang/NegativeArraySizeException:18
// EXPECT: analyze --method 'Faults.deref(LFaults$Cell;)I' -> YES exception:java/lang/NullPointerException:22
// EXPECT: analyze --method 'Faults.safe(I)I' -> YES no-exceptions
// EXPECT: analyze --method 'Faults.checked(I)I' -> MAYBE exception:java/lang/IllegalStateException:35
