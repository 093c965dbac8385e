// Two references that may denote one cell (read from an array at indices
// chosen by the input): when they do, the loop's decrement of a.value is
// undone by b.value++ and the loop never ends.
public class SoundHeapFieldAlias2 {
    static class Cell {
        int value;
    }

    public static void main(String[] args) {
        Cell[] cells = {new Cell(), new Cell()};
        Cell a = cells[0];
        Cell b = cells[args.length % 2];
        b.value = 0;
        a.value = args.length;
        cells = null;
        while (a.value > 0) {
            b.value++;
            a.value--;
        }
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine term -> MAYBE
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
