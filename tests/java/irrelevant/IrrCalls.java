// Calls whose relevance lies behind other calls: a method whose relevant
// code comes after a constructor call in its own frame, and a private
// instance method that may throw, called for its exception only (its
// receiver is checked for null), and a value that is dereferenced where it
// cannot be null but decides a NullPointerException elsewhere. Regressions
// found by the differential no-op test on the TPDB
// (Java_Util/juLinkedListCreatePeek, Fuhs_13/RandomHard) and by the
// held-out corpus.
// RELEVANT: exceptions,output
public class IrrCalls {
  static String[] input;
  static int next = 0;
  int base;

  IrrCalls(int b) {
    base = b; // IRRELEVANT: result never used
  }

  static int read() {
    String s = input[next];
    next++;
    return s.length();
  }

  static IrrCalls fill(int n) {
    IrrCalls unused = new IrrCalls(n); // IRRELEVANT: only feeds irrelevant code
    while (n > 0) {
      read();
      n--;
    }
    return unused; // IRRELEVANT: only feeds irrelevant code
  }

  static int len(String s) {
    return s.length();
  }

  private int ratio(int k) {
    return 100 / k;
  }

  int check(int k) {
    int r = ratio(k);
    return r; // IRRELEVANT: result never used
  }

  public static void main(String[] args) {
    input = args;
    IrrCalls c = new IrrCalls(args.length);
    c.check(args.length - 1);
    String maybe = null;
    if (args.length > 2) {
      maybe = args[2];
    }
    len(maybe);
    IrrCalls b = fill(read());
  }
}
