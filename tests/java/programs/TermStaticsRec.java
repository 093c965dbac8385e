// A recursive method that writes one static field and reads another: after
// each of its calls, the static it cannot write keeps its value (the
// caller's `args` array stays the one it walks), the written one is
// unknown. Terminates for every input.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermStaticsRec {
    static String[] args;
    static int calls;

    static int depth(int n) {
        calls++;
        if (n <= 0) return args.length;
        return 1 + depth(n - 1);
    }

    public static void main(String[] a) {
        args = a;
        int d = depth(a.length);
        int total = 0;
        for (int i = 0; i < args.length; i++) total += args[i].length();
    }
}
