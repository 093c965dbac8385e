// An array's clone() is a new array with the same elements: a write into
// the clone of a primitive array leaves the original alone, a write through
// an element the clone shares with the original is seen from both.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
// EXPECT: analyze --method 'TermArrayClone.sameValues()V' -> NO
// EXPECT: analyze --method 'TermArrayClone.sharedCell()V' -> NO
// EXPECT: analyze --engine term --int-semantics math --method 'TermArrayClone.sharedCell()V' -> MAYBE
public class TermArrayClone {
    TermArrayClone next;

    // b[0] = 0 changes the copy only: a[0] stays 1 and the loop ends at once.
    static void ownCopy() {
        int[] a = {1};
        int[] b = a.clone();
        b[0] = 0;
        while (a[0] == 0) { }
    }

    // The copy has a's values: b[0] is 0 and the loop runs forever.
    static void sameValues() {
        int[] a = {0};
        int[] b = a.clone();
        while (b[0] == 0) { }
    }

    // b[0] is a[0]: the cycle made through b is walked from a, forever.
    static void sharedCell() {
        TermArrayClone[] a = {new TermArrayClone()};
        TermArrayClone[] b = a.clone();
        b[0].next = b[0];
        TermArrayClone x = a[0];
        while (x != null) x = x.next;
    }

    public static void main(String[] args) {
        ownCopy();
    }
}
