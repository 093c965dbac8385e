// A witness whose run concatenates strings (issue 16: concrete runs build
// the text of a string concatenation).
public class ConcatRec {
    // Keeps the first half and one more character: a string of two or three
    // characters is kept whole, forever.
    static int halve(String s) {
        if (s.length() <= 1) return 0;
        return 1 + halve(s.substring(0, (s.length() + 1) / 2 + 1));
    }

    // Strips trailing zeros, off by one: substring(0, length()) is the
    // string itself (the JDK returns the same object).
    static String stripZeros(String s) {
        if (s.length() > 0 && s.charAt(s.length() - 1) == '0') {
            return stripZeros(s.substring(0, s.length()));
        }
        return s;
    }

    static int stripped(int n) {
        return stripZeros("1" + n).length();
    }

    public static void main(String[] args) {
        String s = "";
        for (int i = 0; i < args.length; i++) s = s + 'x' + i;
        System.out.println(halve(s));
    }
}
// EXPECT: analyze --int-semantics math -> NO nonterminating:recursion:8
// EXPECT: analyze -> MAYBE exception:java/lang/StackOverflowError:8
// EXPECT: analyze --int-semantics math --method 'ConcatRec.stripped(I)I' -> NO nonterminating:recursion:15
