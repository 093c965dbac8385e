package live;

// Paper 004, §6.2 (Ganymede): a reader at the end of its input returns null
// forever, and the loop waits for a non-null item.
// EXPECT: live -> NO stuck:28 thread:main
public class Ganymede {
    static class Item {}
    static class Error extends Item {}
    static class Warning extends Item {}

    static final class Reader {
        private final Item[] items;
        private int next;
        Reader(Item... items) { this.items = items; }
        Item getNextItem() {
            if (next >= items.length) return null;
            return items[next++];
        }
    }

    private final Reader reader;
    private int warnings;

    Ganymede(Reader reader) { this.reader = reader; }

    Item getNextItem() {
        Item item = null;
        while (item == null) {
            item = reader.getNextItem();
            if (item instanceof Error) throw new IllegalStateException("error");
            if (item instanceof Warning) {
                warnings++;
                item = null;
            }
        }
        return item;
    }

    public static void main(String[] args) {
        Ganymede g = new Ganymede(new Reader(new Warning(), new Warning()));
        System.out.println(g.getNextItem());
    }
}
