// No single unfolded clause is recurrent: i walks up to 10 and back down to
// 0 forever. The union of the recursive clauses has the recurrent set
// 0 <= i <= 10 (Prop. 4 generalised to several clauses).
public class UpDownRec {
    static void walk(int i, boolean up) {
        if (0 <= i && i <= 10) {
            if (i == 10) up = false;
            if (i == 0) up = true;
            if (up) i++;
            else i--;
            walk(i, up);
        }
    }

    public static void main(String[] args) {
        walk(args.length, false);
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine clp --int-semantics math --method 'UpDownRec.walk(IZ)V' -> NO nonterminating:recursion:11
// EXPECT: analyze --engine clp --method 'UpDownRec.walk(IZ)V' -> MAYBE exception:java/lang/StackOverflowError:11:runtime
