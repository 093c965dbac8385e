package live;

// Paper 004, Fig. 2: list membership on a circular list that does not
// contain the value searched for.
// EXPECT: live -> NO stuck:16 thread:main
public class CyclicList {
    static final class Node {
        int data;
        Node next;
        Node(int data) { this.data = data; }
    }

    static int find(Node head, int x) {
        int index = 0;
        Node p = head;
        while (p != null) {
            if (p.data == x) return index;
            index++;
            p = p.next;
        }
        return -1;
    }

    public static void main(String[] args) {
        Node a = new Node(3), b = new Node(12), c = new Node(5);
        a.next = b;
        b.next = c;
        c.next = a;
        System.out.println(find(a, 7));
    }
}
