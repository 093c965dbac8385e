// Paper 000, Fig. 1: looping non-termination for the input "" (a[i] = ""),
// and a NullPointerException when called as Loop.main(new String[]{null}).
// EXPECT: NO
public class Loop {
    public static void main(String[] a) {
        int i = 0;
        int j = a.length;
        while (i < j) {
            i += a[i].length();
        }
    }
}
