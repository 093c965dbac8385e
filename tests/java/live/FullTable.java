package live;

// Open addressing on a table that is full: looking up a missing key probes
// forever.
// EXPECT: live -> NO stuck:17 thread:main
public class FullTable {
    final String[] keys = new String[8];

    void put(String k) {
        int i = (k.hashCode() & 0x7fffffff) % keys.length;
        while (keys[i] != null) i = (i + 1) % keys.length;
        keys[i] = k;
    }

    int find(String k) {
        int i = (k.hashCode() & 0x7fffffff) % keys.length;
        while (keys[i] != null) {
            if (keys[i].equals(k)) return i;
            i = (i + 1) % keys.length;
        }
        return -1;
    }

    public static void main(String[] args) {
        FullTable t = new FullTable();
        for (String s : new String[] {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"}) t.put(s);
        System.out.println(t.find("iota"));
    }
}
