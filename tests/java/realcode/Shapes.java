// Methods as a library has them (issue 10): nested and inner classes as
// parameters, interfaces, arrays, instance methods and constructors, and the
// causes of exceptions: raised by the JVM in the method's own code
// (runtime), a null the method received (null-argument), a throw the author
// wrote (explicit-throw), a field value of an input object, which jhalt
// builds without a constructor (object-state).
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

    // A Cell with count 0: division by a field of the input (object-state).
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
    // constructor (scale 0, which the constructor never leaves: object-state).
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
// EXPECT: analyze --method 'Shapes.tailHead(LShapes$Cell;)I' -> YES exception:java/lang/NullPointerException:32:null-argument
// EXPECT: analyze --method 'Shapes.average(LShapes$Cell;)I' -> YES exception:java/lang/ArithmeticException:38:object-state
// EXPECT: analyze --method 'Shapes.area(LShapes$Shape;)D' -> MAYBE exception:java/lang/NullPointerException:42:null-argument
// EXPECT: analyze --method 'Shapes.at([II)I' -> YES exception:java/lang/ArrayIndexOutOfBoundsException:46:runtime exception:java/lang/NullPointerException:46:null-argument
// EXPECT: analyze --method 'Shapes.fresh(I)I' -> YES exception:java/lang/NullPointerException:52:runtime
// EXPECT: analyze --method 'Shapes.perItem(II)I' -> MAYBE exception:java/lang/IllegalStateException:56:explicit-throw no-exception:java/lang/ArithmeticException
// EXPECT: analyze --method 'Shapes.ratio(I)I' -> YES exception:java/lang/ArithmeticException:68:object-state
// EXPECT: analyze --method 'Shapes.nodeValue(LShapes$Node;)I' -> YES exception:java/lang/NullPointerException:72:null-argument
// EXPECT: analyze --method 'Shapes.count([LShapes$Cell;)I' -> YES exception:java/lang/NullPointerException:77:null-argument
// EXPECT: analyze --method 'Shapes.<init>(I)V' -> MAYBE exception:java/lang/ArithmeticException:26:runtime exception:java/lang/IllegalArgumentException:25:explicit-throw
