// Differential check of the java.util models against the JDK (issue 16):
// the checksums of list and map operations, including iteration orders,
// concurrent-modification exceptions, hash collisions and resizes, as the
// JVM computes them (printed by `java ModelOrder`).
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

public class ModelOrder {
    static int listChecksum() {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < 20; i++) l.add(i * 7 % 13);
        l.remove(Integer.valueOf(5));
        l.remove(3);
        l.add(2, 99);
        List<Integer> sub = l.subList(2, 10);
        sub.remove(1);
        sub.add(42);
        Iterator<Integer> it = l.iterator();
        while (it.hasNext()) if (it.next() == 1) it.remove();
        int h = 0;
        for (int x : l) h = 31 * h + x;
        List<String> fixed = Arrays.asList("x", "yy", "zzz");
        for (String s : fixed) h = 31 * h + s.length();
        try {
            for (Integer x : l) if (x == 42) l.add(7);
        } catch (java.util.ConcurrentModificationException e) {
            h = h + 17;
        }
        return h + l.indexOf(42) * 1000 + l.size() + (l.contains(99) ? 5 : 0);
    }

    static int mapChecksum() {
        Map<String, Integer> m = new HashMap<>();
        String[] words = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "apple", "fig", "kiwi"};
        for (int i = 0; i < words.length; i++) m.put(words[i], i);
        m.remove("kiwi");
        m.remove("BB");
        m.put("apple", 100);
        m.putIfAbsent("fig", 50);
        m.putIfAbsent("plum", 51);
        int h = 0;
        for (Map.Entry<String, Integer> e : m.entrySet()) h = 31 * h + e.getKey().length() * 100 + e.getValue();
        for (String k : m.keySet()) h = 31 * h + k.charAt(0);
        Iterator<Integer> vs = m.values().iterator();
        while (vs.hasNext()) if (vs.next() % 3 == 0) vs.remove();
        for (int v : m.values()) h = 31 * h + v;
        Map<Integer, Integer> n = new HashMap<>();
        for (int i = 0; i < 14; i++) n.put(i * 16, i);
        for (int k : n.keySet()) h = 31 * h + k;
        Map<Integer, Integer> p = new HashMap<>(4);
        for (int i = 0; i < 20; i++) p.put(i * 5, i);
        for (int k : p.keySet()) h = 31 * h + k;
        return h + m.size() + (m.containsKey("Aa") ? 1 : 0) + m.getOrDefault("none", 3) + (m.containsValue(51) ? 7 : 0);
    }

    // Throw exactly when the model computes what the JVM computes: jhalt's
    // run must throw, and the JVM's replay of it confirms the same exception.
    static void listMatches() {
        if (listChecksum() == LIST) throw new IllegalStateException("list model agrees");
    }

    static void mapMatches() {
        if (mapChecksum() == MAP) throw new IllegalStateException("map model agrees");
    }

    static final int LIST = -1515736731;
    static final int MAP = -121508166;

    public static void main(String[] args) {
        System.out.println(listChecksum() + " " + mapChecksum());
    }
}
// EXPECT: analyze --method 'ModelOrder.listMatches()V' -> MAYBE exception:java/lang/IllegalStateException:63
// EXPECT: analyze --method 'ModelOrder.mapMatches()V' -> MAYBE exception:java/lang/IllegalStateException:67
