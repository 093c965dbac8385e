// Never YES (a review's wrong YES, older than the finding): p and q may
// both be null with no =? between them, so p == q may hold; comparing two
// references that may both be null decides their existence first. With
// one argument both are null and the loop below runs forever (i * i is
// never 7, not even modulo 2^32: squares are 0, 1 or 4 modulo 8).
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermBothNullCompare {
    public static void main(String[] args) {
        Object p = new Object(), q = new Object();
        for (int i = 0; i < args.length; i++) {
            p = null;
            q = null;
        }
        if (p == q) {
            int i = 0;
            while (i * i != 7) i++;
        }
    }
}
