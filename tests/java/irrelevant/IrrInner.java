// An inner-class object nobody uses: its constructor stores the outer
// instance before the super call, so `aload_0` right before that call is not
// at offset 0; it must count as neutral (replacing it cannot verify), found
// by the differential no-op test on the TPDB (Costa_Julia_09/LinkedList).
// The creation itself is irrelevant too: javac's null check of `outer`
// (Objects.requireNonNull, modelled) cannot throw on a new object.
// RELEVANT: output
public class IrrInner {
  int base = 3;

  class Counter {
    int n;

    Counter(int start) { // IRRELEVANT: result never used
      n = start + base; // IRRELEVANT: result never used
    }
  }

  public static void main(String[] args) {
    IrrInner outer = new IrrInner();
    Counter unused = outer.new Counter(args.length); // IRRELEVANT: result never used
    System.out.println(outer.base);
  }
}
