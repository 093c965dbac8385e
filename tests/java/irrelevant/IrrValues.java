// Dead code that only values make dead, values overwritten before use, and
// a branch that decides only irrelevant code (thesis 002, Examples 4.8,
// 4.12). Entry: main; outcomes: what is printed and uncaught exceptions.
// RELEVANT: exceptions,output
public class IrrValues {
  static int scale(int x) {
    int mode = 5; // IRRELEVANT: only feeds irrelevant code
    int res = x;
    if (mode < 0) { // IRRELEVANT: only decides irrelevant code
      res = -x; // IRRELEVANT: never executed
    }
    int unused = x * 3; // IRRELEVANT: overwritten before use
    unused = 4; // IRRELEVANT: result never used
    int y = x + 1; // IRRELEVANT: only feeds irrelevant code
    if (y > 10) { // IRRELEVANT: only decides irrelevant code
      y = y - 10; // IRRELEVANT: result never used
    } else {
      y = y + 10; // IRRELEVANT: result never used
    }
    return res;
  }

  public static void main(String[] args) {
    int n = args.length;
    String label = "n"; // IRRELEVANT: result never used
    System.out.println(scale(n));
  }
}
