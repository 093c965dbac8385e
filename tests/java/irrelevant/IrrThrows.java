// A computation whose result is unused but that may throw must stay
// relevant (thesis 002, Examples 4.3, 4.14, 4.16).
// RELEVANT: return
// METHOD: IrrThrows.ratio(II)I
public class IrrThrows {
  static int ratio(int a, int b) {
    int q = a / b;
    int r = a * b; // IRRELEVANT: result never used
    return a + 1;
  }

  public static void main(String[] args) {
    System.out.println(ratio(args.length, 2));
  }
}
