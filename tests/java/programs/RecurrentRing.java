// A ring of args.length + 1 nodes, built from the arguments, then searched
// for a node that is not there (paper 003, Example 3 in a main method): a
// recurrent set over the heap with a cycle of several objects.
// EXPECT: termcomp --engine recurrent -> NO
// EXPECT: analyze --engine recurrent -> NO nonterminating:recurrent:25
public class RecurrentRing {
    RecurrentRing next;
    int mark;

    public static void main(String[] args) {
        RecurrentRing first = new RecurrentRing();
        RecurrentRing last = first;
        for (int i = 0; i < args.length; i++) {
            RecurrentRing n = new RecurrentRing();
            n.mark = i + 1;
            last.next = n;
            last = n;
        }
        last.next = first;
        System.out.println(search(first, -1) != null);
    }

    static RecurrentRing search(RecurrentRing p, int mark) {
        RecurrentRing q = p;
        while (q.mark != mark) {
            q = q.next;
        }
        return q;
    }
}
