// Never YES: with an argument the mode is ON and the loop never ends. The
// model of java.lang.Enum keeps constants distinct objects with identity
// equality.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine term --int-semantics jvm -> MAYBE
public class TermEnumLoop {
    enum Mode { ON, OFF }

    public static void main(String[] args) {
        Mode m = args.length > 0 ? Mode.ON : Mode.OFF;
        Mode off = Mode.valueOf("OFF");
        while (m == Mode.ON && m != off && m.ordinal() == 0) { }
    }
}
