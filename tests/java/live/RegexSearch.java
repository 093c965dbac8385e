package live;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

// Paper 004, §6.1 (jEdit 4.3pre6): a search for the regular expression "^"
// (beginning of a line) matches the empty string, and the loop moves its
// offset on by the match's length: zero.
// EXPECT: live -> NO stuck:22 thread:main
public class RegexSearch {
    static final class Occur {
        final int start, end;
        final Occur next;
        Occur(int start, int end, Occur next) { this.start = start; this.end = end; this.next = next; }
    }

    static int search(String text, String regex) {
        Matcher matcher = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        int offset = 0, count = 0;
        Occur occurs = null;
        while (true) {
            if (!matcher.find(offset)) break;
            occurs = new Occur(matcher.start(), matcher.end(), occurs);
            offset = matcher.end();
            count++;
            if (occurs.next != null && occurs.next.next != null) occurs = occurs.next;  // keep two
        }
        return count;
    }

    public static void main(String[] args) {
        System.out.println(search("first line\nsecond line\n", args.length > 0 ? args[0] : "^"));
    }
}
