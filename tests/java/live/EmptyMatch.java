package live;

// An index that an empty match never advances: counting the occurrences of
// "" in a text.
// EXPECT: live -> NO stuck:10 thread:main
public class EmptyMatch {
    static int count(String text, String pattern) {
        int n = 0;
        int i = 0;
        while ((i = text.indexOf(pattern, i)) >= 0) {
            n++;
            i += pattern.length();
        }
        return n;
    }

    public static void main(String[] args) {
        String pattern = args.length > 0 ? args[0] : "";
        System.out.println(count("a line of text", pattern));
    }
}
