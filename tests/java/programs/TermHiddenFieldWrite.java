// Special.next hides Node.next: unlink() clears Node.next, while the loop
// tests Special.next, which never changes. With two arguments the loop
// runs for ever. A review found it proven: the size after the write took
// `putfield Node.next` for the shown Special.next (matched by name).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermHiddenFieldWrite {
    static class Node {
        Node next;

        void unlink() {
            next = null;
        }
    }

    static class Special extends Node {
        Node next;  // hides Node.next
    }

    public static void main(String[] args) {
        Special head = new Special();
        for (String s : args) {
            Special b = new Special();
            b.next = head;
            head = b;
        }
        Special cur = (Special) head.next;
        while (cur.next != null) cur.unlink();
        System.out.println("done");
    }
}
