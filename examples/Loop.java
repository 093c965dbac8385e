// The running example of paper 000 (Fig. 1): `java Loop ""` loops forever,
// because i is increased by the length of the empty string.
public class Loop {
    public static void main(String[] a) {
        int i = 0;
        int j = a.length;
        while (i < j) {
            i += a[i].length();
        }
    }
}
// Expected verdicts (checked by tests/e2e/check_expectations.py):
// EXPECT: termcomp -> NO
// EXPECT: analyze -> NO nonterminating:looping:7 args:[""]
// EXPECT: analyze --method 'Loop.main([Ljava/lang/String;)V' -> NO exception:java/lang/NullPointerException:6 exception:java/lang/NullPointerException:8
