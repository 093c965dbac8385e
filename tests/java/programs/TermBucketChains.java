// A table of 16 buckets (an array of literal length), read and written at
// an index that may be any of them: its elements become unshown instead of
// one case per index (src/seg/eval_heap.cpp, indexCases), which keeps the
// graph small (seg_recursion_test.cpp counts it). The chains may share as
// far as the abstraction knows, so the walk is not proven yet.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermBucketChains {
    static final class Node {
        Node next;
        int key;
        Node(int key, Node next) { this.key = key; this.next = next; }
    }

    public static void main(String[] args) {
        Node[] table = new Node[16];
        for (int i = 0; i < args.length; i++) {
            int h = args[i].length() & 15;
            table[h] = new Node(i, table[h]);
        }
        int count = 0;
        for (int k = 0; k < table.length; k++)
            for (Node e = table[k]; e != null; e = e.next) count++;
    }
}
