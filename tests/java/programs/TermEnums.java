// Enums: the model of java.lang.Enum (name, ordinal, identity equality)
// lets an enum's class initializer run; before, its constructor was an
// unanalysed library call that may throw, so every enum program got MAYBE
// (a review's finding). A loop gated by a constant, ordinal, name and
// compareTo. (values() and a switch over an enum clone an array, which the
// graph does not follow yet: MAYBE.)
// EXPECT: analyze --engine term --int-semantics math -> YES
// EXPECT: analyze --engine term --int-semantics jvm -> YES
public class TermEnums {
    enum Color { RED, GREEN, BLUE }

    static int weight(Color c) {
        return c == Color.RED ? 3 : c.ordinal();
    }

    public static void main(String[] args) {
        Color c = args.length > 1 ? Color.RED : Color.BLUE;
        int n = 0;
        int i = args.length;
        while (i > 0 && c != Color.GREEN) i -= weight(c);
        if (c.compareTo(Color.GREEN) > 0) n += c.ordinal();
        if (c.name() == null) n--;
    }
}
