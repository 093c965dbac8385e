// Recursion and loops over java.util collections (issue 16, item 4): the
// library models of ArrayList, its sub-lists and iterators, and
// Arrays.asList are analysed like application code.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class Collections {
    // The "rest" of the list is the whole list again: subList(0, size()).
    static int sum(List<Integer> l) {
        if (l.isEmpty()) return 0;
        return l.get(0) + sum(l.subList(0, l.size()));
    }

    // Removes the first element of a copy; recurses on the original.
    static int count(List<String> l) {
        if (l.isEmpty()) return 0;
        List<String> rest = new ArrayList<>(l);
        rest.remove(0);
        return 1 + count(l);
    }

    // Correct: the rest really is shorter (deep but finite).
    static int length(List<String> l) {
        if (l.isEmpty()) return 0;
        return 1 + length(l.subList(1, l.size()));
    }

    // Appends to the list it iterates: the JVM ends it with
    // ConcurrentModificationException at the next step of the loop.
    static int doubled(List<String> l) {
        for (String s : l) l.add(s);
        return l.size();
    }

    // The index is one past the end.
    static String last(List<String> l) {
        return l.get(l.size());
    }

    static int sumOf(int n) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add(i);
        return sum(l);
    }

    static int copies(int n) {
        String[] a = new String[n];
        for (int i = 0; i < n; i++) a[i] = "x";
        return count(Arrays.asList(a));
    }

    static int lengthOf(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add("x");
        return length(l);
    }

    static int twice(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add("x");
        return doubled(l);
    }

    static String lastOf(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add("x");
        return last(l);
    }

    // Depth of nested maps: a map that contains itself recurses forever.
    @SuppressWarnings("unchecked")
    static int depth(Map<String, Object> m) {
        Object v = m.get("k");
        if (v instanceof Map) return 1 + depth((Map<String, Object>) v);
        return 0;
    }

    static int selfNested(int n) {
        Map<String, Object> m = new HashMap<>();
        if (n > 0) m.put("k", m);
        return depth(m);
    }

    public static void main(String[] args) {
        System.out.println(sum(new ArrayList<>(Arrays.asList(1, 2, 3))) + count(Arrays.asList(args)));
    }
}
// EXPECT: analyze --int-semantics math --method 'Collections.sumOf(I)I' -> NO nonterminating:recursion:14
// EXPECT: analyze --method 'Collections.sumOf(I)I' -> MAYBE exception:java/lang/StackOverflowError:14
// EXPECT: analyze --int-semantics math -> NO nonterminating:recursion:14
// EXPECT: analyze --int-semantics math --method 'Collections.copies(I)I' -> NO nonterminating:recursion:22
// EXPECT: analyze --int-semantics math --method 'Collections.lengthOf(I)I' -> MAYBE no-nonterminating
// EXPECT: analyze --int-semantics math --method 'Collections.twice(I)I' -> MAYBE exception:java/util/ConcurrentModificationException:34 no-nonterminating
// EXPECT: analyze --method 'Collections.last(Ljava/util/List;)Ljava/lang/String;' -> MAYBE exception:java/lang/ArrayIndexOutOfBoundsException:40
// EXPECT: analyze --method 'Collections.lastOf(I)Ljava/lang/String;' -> MAYBE exception:java/lang/IndexOutOfBoundsException:40
// EXPECT: analyze --int-semantics math --method 'Collections.selfNested(I)I' -> NO nonterminating:recursion:77
// EXPECT: analyze --method 'Collections.selfNested(I)I' -> MAYBE exception:java/lang/StackOverflowError:77
