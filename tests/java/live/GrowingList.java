package live;

// A search that keeps every match in a list that grows at its head (paper
// 004, §6.1, as jEdit did): it never moves on, but each iteration keeps a
// new object, so on the JVM it ends with OutOfMemoryError (after minutes).
// jhalt must not call it endless.
// EXPECT: live -> MAYBE modes:run,agent
public class GrowingList {
    static final class Occur {
        final int start;
        final Occur next;
        Occur(int start, Occur next) { this.start = start; this.next = next; }
    }

    static Occur occurs;

    static int search(String text) {
        int offset = 0, count = 0;
        while (text.indexOf("", offset) >= 0) {
            occurs = new Occur(offset, occurs);
            count++;
        }
        return count;
    }

    public static void main(String[] args) {
        System.out.println(search("some text"));
    }
}
