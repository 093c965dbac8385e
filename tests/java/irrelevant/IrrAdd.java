// Thesis 002, Examples 4.3 and 4.4: a value computed and never used.
// RELEVANT: output
public class IrrAdd {
  static int add(int a, int b, int c) {
    int res = a + b;
    int temp = res * c; // IRRELEVANT: result never used
    return res;
  }

  static int negate(int a) {
    int b = a; // IRRELEVANT: only feeds irrelevant code
    int res = -a;
    b++; // IRRELEVANT: result never used
    return res;
  }

  public static void main(String[] args) {
    System.out.println(add(args.length, 2, 3) + negate(args.length));
  }
}
