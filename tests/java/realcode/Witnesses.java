// Findings whose witness needs more than small values (issue 12): integers
// far from 0, objects of application classes with fields, a subclass, array
// and string contents, and objects that are shared.
public class Witnesses {
    interface Shape {
        int sides();
    }

    static class Circle implements Shape {
        public int sides() { return 0; }
    }

    static class Square implements Shape {
        public int sides() { return 4; }
    }

    static class Cell {
        int head;
        Cell tail;
    }

    static int share(int total, int parts) {
        return total / (parts - 1000);
    }

    static Circle asCircle(Shape s) {
        return (Circle) s;
    }

    static int second(Cell c) {
        if (c == null || c.head != 77) return 0;
        return c.tail.tail.head;
    }

    static int third(int[] a) {
        if (a == null || a.length < 5) return 0;
        return 100 / (a[3] - 42);
    }

    static int letter(String s) {
        if (s == null || s.length() != 4) return 0;
        if (s.charAt(0) != 'j') return 1;
        return 7 / (s.charAt(3) - 'x');
    }

    static int secret(String s) {
        int k = 1;
        if ("halt".equals(s)) k = 0;
        return 10 / k;
    }

    static int big(long x) {
        if (x * 3 == 9_000_000_000_000L) return (int) (x / (x - 3_000_000_000_000L));
        return 0;
    }

    static int same(Cell[] cs) {
        if (cs == null || cs.length != 2 || cs[0] != cs[1] || cs[0] == null) return 0;
        return 5 / cs[1].head;
    }

    static int safeShare(int total, int parts) {
        if (parts == 1000) return 0;
        return total / (parts - 1000);
    }

    // Shapes the enumeration tries besides small values: a cell that is its
    // own tail (a walk along it never ends), one object for two parameters
    // (aliasing), an element equal to a constant of the code (a tab).
    static int length(Cell c) {
        int n = 0;
        while (c != null) {
            n += c.head;
            c = c.tail;
        }
        return n;
    }

    static int detach(Cell a, Cell b) {
        if (a == null || b == null || a.tail == null) return 0;
        b.tail = null;
        return a.tail.head;
    }

    static int skipTabs(char[] buf) {
        int i = 0;
        while (buf != null && i < buf.length) {
            if (buf[i] == '\t') continue;
            i++;
        }
        return i;
    }
}
// Witnesses from the graph (paper 000, §3): each needs an input the
// enumeration of small values does not contain.
// EXPECT: analyze --method 'Witnesses.share(II)I' -> YES exception:java/lang/ArithmeticException:23:runtime params:[0,1000]
// EXPECT: analyze --method 'Witnesses.safeShare(II)I' -> YES no-exceptions
// EXPECT: analyze --method 'Witnesses.asCircle(LWitnesses$Shape;)LWitnesses$Circle;' -> YES exception:java/lang/ClassCastException:27:runtime
// EXPECT: analyze --method 'Witnesses.second(LWitnesses$Cell;)I' -> YES exception:java/lang/NullPointerException:32:null-argument
// EXPECT: analyze --method 'Witnesses.third([I)I' -> YES exception:java/lang/ArithmeticException:37:runtime params:[[0,0,0,42,0]]
// EXPECT: analyze --method 'Witnesses.letter(Ljava/lang/String;)I' -> YES exception:java/lang/ArithmeticException:43:runtime
// EXPECT: analyze --method 'Witnesses.secret(Ljava/lang/String;)I' -> YES exception:java/lang/ArithmeticException:49:runtime params:["halt"]
// EXPECT: analyze --method 'Witnesses.big(J)I' -> MAYBE exception:java/lang/ArithmeticException:53:runtime params:[3000000000000]
// EXPECT: analyze --method 'Witnesses.same([LWitnesses$Cell;)I' -> YES exception:java/lang/ArithmeticException:59:object-state
// EXPECT: analyze --method 'Witnesses.length(LWitnesses$Cell;)I' -> NO nonterminating:looping:72
// EXPECT: analyze --method 'Witnesses.detach(LWitnesses$Cell;LWitnesses$Cell;)I' -> YES exception:java/lang/NullPointerException:82
// EXPECT: analyze --method 'Witnesses.skipTabs([C)I' -> NO nonterminating:looping:87
