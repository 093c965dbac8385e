// Never YES (a review's wrong YES, older than this session): boxing the
// same small int twice gives the same object (JLS 5.1.7, the Integer
// cache), so for one argument the loop runs forever. The model of
// Integer.valueOf caches -128..127 as the JDK does.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermBoxIdentity {
    static Integer box(int v) {
        return v;
    }

    public static void main(String[] args) {
        Integer a = box(args.length);
        Integer b = Integer.valueOf(args.length);
        int k = 0;
        while (a == b && args.length == 1) k++;
    }
}
