// Soundness regression (issue 14 review): the JVM chooses Object's identity
// hash, and clone() of a Cloneable object succeeds; models that returned 0
// and always threw made these ring walks, which end on the JVM, look
// endless.
// EXPECT: analyze --method 'SoundObjectModels.hash(LSoundObjectModels$Node;)I' -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent --method 'SoundObjectModels.hash(LSoundObjectModels$Node;)I' -> MAYBE no-nonterminating
// EXPECT: analyze --method 'SoundObjectModels.copy(LSoundObjectModels$Node;)I' -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent --method 'SoundObjectModels.copy(LSoundObjectModels$Node;)I' -> MAYBE no-nonterminating
// EXPECT: analyze --engine recurrent --int-semantics math --method 'SoundObjectModels.copy(LSoundObjectModels$Node;)I' -> MAYBE no-nonterminating
public class SoundObjectModels {
    static class Node implements Cloneable {
        Node next;

        Node twin() throws CloneNotSupportedException {
            return (Node) clone();
        }
    }

    static int hash(Node p) {
        Object o = new Object();
        int i = 0;
        while (p != null) {
            p = p.next;
            i++;
            if (i > 300000 && o.hashCode() != 0) {
                break;
            }
        }
        return i;
    }

    static int copy(Node p) {
        int k = 0;
        while (p != null) {
            p = p.next;
            k++;
            if (k > 300000) {
                try {
                    p.twin();
                    break;
                } catch (CloneNotSupportedException e) {
                }
            }
        }
        return k;
    }

    public static void main(String[] args) {
        Node a = new Node();
        a.next = a;
        System.out.println(hash(a) + copy(a));
    }
}
