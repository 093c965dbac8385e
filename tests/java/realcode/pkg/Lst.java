// A class in a package with a nested class, for the PATH kinds of issue 10
// (a .class file, a package directory, the root directory, a jar).
package pkg;

public class Lst {
    public static class Node {
        public int value;
        public Node next;
    }

    public static int second(Node n) {
        return n.next.value;
    }

    public static int divide(int a, Node n) {
        return a / n.value;
    }
}
// EXPECT: analyze --method 'pkg.Lst.divide(ILpkg/Lst$Node;)I' -> YES exception:java/lang/ArithmeticException:16:object-state exception:java/lang/NullPointerException:16:null-argument
