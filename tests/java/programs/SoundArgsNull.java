// Soundness regression (issue 13 review): main may write into args, so
// args[0] is not the command-line string after `args[0] = null`.
public class SoundArgsNull {
    public static void main(String[] args) {
        if (args.length == 0) return;
        args[0] = null;
        while (args[0] == null) { }
    }
}
// EXPECT: termcomp -> NO
