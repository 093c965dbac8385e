// Code that only feeds a field nobody reads later, and writes into an
// object that does not share with the returned one (thesis 002, Examples
// 4.6 and 4.7).
// RELEVANT: return
// METHOD: IrrHeap.build(I)LIrrHeap$Cell;
public class IrrHeap {
  static class Cell {
    int value;
    int hits;
    Cell next;
  }

  static Cell build(int n) {
    Cell first = new Cell();
    Cell other = new Cell(); // IRRELEVANT: only feeds irrelevant code
    first.value = n;
    other.value = n * 2; // IRRELEVANT: result never used
    Cell second = new Cell();
    second.value = n + 1;
    first.next = second;
    second.hits = 3;
    Cell scratch = new Cell(); // IRRELEVANT: only feeds irrelevant code
    scratch.hits = n; // IRRELEVANT: result never used
    return first;
  }

  public static void main(String[] args) {
    System.out.println(build(args.length).value);
  }
}
