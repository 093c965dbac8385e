// Methods as a library has them (issue 10): nested and inner classes as
// parameters, interfaces, arrays, instance methods and constructors, and the
// three causes of exceptions: raised by the JVM in the method's own code
// (runtime), a null the method received (null-argument), a throw the author
// wrote (explicit-throw).
public class Shapes {
    interface Shape {
        double area();
    }

    static class Cell {
        int head;
        int count;
        Cell tail;
    }

    class Node {  // inner: has an outer instance
        int value;
    }

    private int scale;

    Shapes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative");
        this.scale = 100 / n;
    }

    // A null argument's field: null-argument.
    static int tailHead(Cell c) {
        if (c == null) return 0;
        return c.tail.head;
    }

    // A Cell with count 0: division by zero (runtime).
    static int average(Cell c) {
        if (c == null) return 0;
        return c.head / c.count;
    }

    static double area(Shape s) {
        return s.area();
    }

    static int at(int[] a, int i) {
        return a[i];
    }

    // A null the method made itself: runtime.
    static int fresh(int k) {
        int[] a = k > 5 ? new int[k] : null;
        return a.length;
    }

    static void requirePositive(int x) {
        if (x <= 0) throw new IllegalStateException("not positive");
    }

    // The precondition helper throws: explicit-throw.
    static int perItem(int total, int items) {
        requirePositive(items);
        return total / items;
    }

    // An instance method: the receiver is a Shapes allocated without a
    // constructor (scale 0).
    int ratio(int d) {
        return d / scale;
    }

    int nodeValue(Node n) {
        return n.value;
    }

    static int count(Cell[] cells) {
        int n = 0;
        for (Cell c : cells) n += c.count;
        return n;
    }
}
// EXPECT: analyze --method 'Shapes.tailHead(LShapes$Cell;)I' -> MAYBE exception:java/lang/NullPointerException:31:null-argument
// EXPECT: analyze --method 'Shapes.average(LShapes$Cell;)I' -> MAYBE exception:java/lang/ArithmeticException:37:runtime
// EXPECT: analyze --method 'Shapes.area(LShapes$Shape;)D' -> MAYBE exception:java/lang/NullPointerException:41:null-argument
// EXPECT: analyze --method 'Shapes.at([II)I' -> MAYBE exception:java/lang/ArrayIndexOutOfBoundsException:45:runtime exception:java/lang/NullPointerException:45:null-argument
// EXPECT: analyze --method 'Shapes.fresh(I)I' -> MAYBE exception:java/lang/NullPointerException:51:runtime
// EXPECT: analyze --method 'Shapes.perItem(II)I' -> MAYBE exception:java/lang/IllegalStateException:55:explicit-throw no-exception:java/lang/ArithmeticException
// EXPECT: analyze --method 'Shapes.ratio(I)I' -> MAYBE exception:java/lang/ArithmeticException:67:runtime
// EXPECT: analyze --method 'Shapes.nodeValue(LShapes$Node;)I' -> MAYBE exception:java/lang/NullPointerException:71:null-argument
// EXPECT: analyze --method 'Shapes.count([LShapes$Cell;)I' -> MAYBE exception:java/lang/NullPointerException:76:null-argument
// EXPECT: analyze --method 'Shapes.<init>(I)V' -> MAYBE exception:java/lang/ArithmeticException:25:runtime exception:java/lang/IllegalArgumentException:24:explicit-throw
