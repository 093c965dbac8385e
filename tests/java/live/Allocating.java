package live;

// A search loop that allocates a result object per match (paper 004, §6.1,
// the jEdit bug): a zero-length match never moves the offset on.
// EXPECT: live -> NO stuck:39 thread:main
public class Allocating {
    static final class Match {
        final int start, end;
        Match(int start, int end) { this.start = start; this.end = end; }
    }

    static final class Occur {
        final int start, end;
        final Occur next;
        Occur(int start, int end, Occur next) { this.start = start; this.end = end; this.next = next; }
    }

    static final class Result {
        final int line;
        Occur last;
        int count;
        Result(int line) { this.line = line; }
        // Keeps the latest occurrence and a count (the others are garbage).
        void addOccur(int start, int end) {
            last = new Occur(start, end, null);
            count++;
        }
    }

    // A "regular expression" that matches the beginning of a line: an empty match.
    static Match nextMatch(String text, int offset) {
        return offset <= text.length() ? new Match(0, 0) : null;
    }

    static int search(String text) {
        int offset = 0, count = 0;
        Result last = null;
        while (true) {
            Match m = nextMatch(text, offset);
            if (m == null) break;
            int line = offset / 80;
            if (last == null || last.line != line) last = new Result(line);
            last.addOccur(offset + m.start, offset + m.end);
            offset += m.end;
            count++;
        }
        return count;
    }

    public static void main(String[] args) {
        System.out.println(search("some text to search"));
    }
}
