// An exception caught in the method decides the result; the value stored
// before the try block is overwritten on every path (thesis 002, §4.3.4).
// RELEVANT: return
// METHOD: IrrCatch.guarded([II)I
public class IrrCatch {
  static int guarded(int[] xs, int i) {
    int res = 0; // IRRELEVANT: overwritten before use
    try {
      int v = xs[i];
      res = 1;
    } catch (ArrayIndexOutOfBoundsException e) { // IRRELEVANT: result never used
      res = 2;
    }
    return res;
  }

  public static void main(String[] args) {
    System.out.println(guarded(new int[3], args.length));
  }
}
