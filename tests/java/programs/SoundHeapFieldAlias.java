// Two references to one cell when main has arguments: the loop's decrement
// of a.value is undone by b.value++ and the loop never ends. A field value
// kept across the write to b.value would rank the loop.
public class SoundHeapFieldAlias {
    static class Cell {
        int value;
    }

    static Cell pick(Cell a, int n) {
        return n > 0 ? a : new Cell();
    }

    public static void main(String[] args) {
        Cell a = new Cell();
        Cell b = pick(a, args.length);
        a.value = 5;
        while (a.value > 0) {
            a.value--;
            b.value++;
        }
    }
}
// EXPECT: termcomp -> NO
// EXPECT: analyze --engine term -> MAYBE
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
