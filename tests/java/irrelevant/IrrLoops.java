// Loops: one that computes only irrelevant values (thesis 002, Examples
// 4.2, 4.13: termination is not considered), and one whose body has a
// branch that decides how often relevant code runs (must stay relevant).
// RELEVANT: exceptions,output
public class IrrLoops {
  static int count(int[] a) {
    int c = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] > 0) {
        c++;
      }
    }
    int waste = 0; // IRRELEVANT: only feeds irrelevant code
    for (int j = 0; j < a.length; j++) { // IRRELEVANT: only decides irrelevant code
      waste += j; // IRRELEVANT: only feeds irrelevant code
    }
    return c;
  }

  public static void main(String[] args) {
    int[] a = new int[args.length];
    for (int i = 0; i < args.length; i++) {
      a[i] = args[i].length() - 2;
    }
    System.out.println(count(a));
  }
}
