// The running example of paper 000 (Fig. 1): `java Loop ""` loops forever,
// because i is increased by the length of the empty string.
public class Loop {
    public static void main(String[] a) {
        int i = 0;
        int j = a.length;
        while (i < j) {
            i += a[i].length();
        }
    }
}
