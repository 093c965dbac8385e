// Soundness regression (issue 13 review): args[0] grows inside the loop
// (here, and through a method args escapes to): never YES.
public class SoundArgsGrow {
    static void grow(String[] a) {
        a[0] = new StringBuilder().append(a[0]).append("x").toString();
    }

    public static void main(String[] args) {
        if (args.length == 0) return;
        for (int i = 0; i < args[0].length(); i++) grow(args);
    }
}
// EXPECT: termcomp -> MAYBE
