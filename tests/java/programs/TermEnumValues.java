// An enum's values() clones its array of constants; a switch over an enum
// reads the switch map of a synthetic class (TermEnumValues$1) built from
// values() and ordinal(). Every run ends.
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term -> YES
public class TermEnumValues {
    enum Color { RED, GREEN, BLUE }

    static int code(Color c) {
        switch (c) {
            case RED: return 1;
            case GREEN: return 2;
            default: return 3;
        }
    }

    public static void main(String[] args) {
        int sum = 0;
        for (Color c : Color.values()) sum += code(c);
        int[] copy = new int[] {args.length, 2, 3}.clone();
        for (int i = 0; i < copy[0]; i++) sum++;
        System.out.println(sum);
    }
}
