// Differential checks of java.util model corner cases against the JDK
// (found by a soundness review of the models): each check throws exactly
// when the model behaves as the JVM (which confirms it by replay).
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;

public class ModelEdges {
    static int calls;

    static class Counting {
        public boolean equals(Object o) {
            calls++;
            return false;
        }
    }

    static class Entry implements Map.Entry<Integer, Integer> {
        public Integer getKey() {
            return 2;
        }

        public Integer getValue() {
            throw new IllegalStateException("not read by the JDK");
        }

        public Integer setValue(Integer v) {
            return v;
        }
    }

    static int checksum() {
        int h = 0;
        // A sub-list added to itself (the JDK copies it first).
        List<String> l = new ArrayList<>();
        l.add("a");
        l.add("b");
        l.add("c");
        List<String> s = l.subList(0, 2);
        s.addAll(s);
        h = 31 * h + s.size() * 10 + l.size();
        // contains on a stale sub-list: equals runs, then the check throws.
        List<Object> m = new ArrayList<>();
        m.add("p");
        m.add("q");
        List<Object> t = m.subList(0, 2);
        m.add("r");
        calls = 0;
        try {
            t.contains(new Counting());
        } catch (java.util.ConcurrentModificationException e) {
            h = 31 * h + 7;
        }
        h = 31 * h + calls;
        // Entry.equals stops at the first difference.
        Map<Integer, Integer> map = new HashMap<>();
        map.put(1, 1);
        Map.Entry<Integer, Integer> other = new Entry();
        h = 31 * h + (map.entrySet().iterator().next().equals(other) ? 1 : 2);
        // A sub-list's iterator is a ListIterator.
        Iterator<String> it = l.subList(1, 3).iterator();
        h = 31 * h + (it instanceof ListIterator ? 3 : 4);
        // The initial capacity message.
        try {
            new HashMap<String, String>(-4);
        } catch (IllegalArgumentException e) {
            h = 31 * h + e.getMessage().length();
        }
        return h;
    }

    static void agrees() {
        if (checksum() == EXPECTED) throw new IllegalStateException("the models agree");
    }

    static final int EXPECTED = 1294838067;

    public static void main(String[] args) {
        System.out.println(checksum());
    }
}
// EXPECT: analyze --method 'ModelEdges.agrees()V' -> MAYBE exception:java/lang/IllegalStateException:76
