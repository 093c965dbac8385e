// A node shared through two fields (a shape the state shows) and then a
// write through it that closes a cycle: with an argument, y.left = x and
// the walk along left runs forever. Must never get YES.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: termcomp -> NO
public class TermDagCycleWalk {
    TermDagCycleWalk left, right;

    public static void main(String[] args) {
        TermDagCycleWalk x = new TermDagCycleWalk();
        TermDagCycleWalk y = new TermDagCycleWalk();
        x.left = y;
        x.right = y;
        if (args.length > 0) x.right.left = x;
        int steps = 0;
        for (TermDagCycleWalk p = x; p != null; p = p.left) steps++;
        System.out.println(steps);
    }
}
