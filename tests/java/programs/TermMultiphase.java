// Loops whose counter changes phase (issue 13): no linear or lexicographic
// ranking function, a multiphase one (Ben-Amram and Genaim, CAV 2017).
// EXPECT: analyze --method 'TermMultiphase.twoPhases(II)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermMultiphase.threePhases(III)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --method 'TermMultiphase.drain(II)I' --int-semantics math -> YES no-nonterminating
// EXPECT: analyze --engine term --method 'TermMultiphase.phasesForever(II)I' --int-semantics math -> MAYBE
public class TermMultiphase {
    // x grows while y > 0, then falls: <y + 1, x>.
    static int twoPhases(int x, int y) {
        int steps = 0;
        while (x >= 0) {
            x = x + y;
            y = y - 1;
            steps++;
        }
        return steps;
    }

    // <z + 1, y + 1, x>.
    static int threePhases(int x, int y, int z) {
        int steps = 0;
        while (x >= 0) {
            x = x + y;
            y = y + z;
            z = z - 1;
            steps++;
        }
        return steps;
    }

    static int noise(int k) {
        return k * 7 % 13;
    }

    // A call in the loop (a location of its own) and a value it returns:
    // <a, c> as in Julia_12_iterative/Et5.
    static int drain(int a, int c) {
        int steps = 0;
        while (c >= 0) {
            int next = noise(steps);
            if (a <= next) break;
            a = next;
            c = c + a;
            steps++;
        }
        return steps;
    }

    // y never falls: x >= 0 forever once y >= 0 (the term engine finds no
    // proof; the portfolio answers NO).
    static int phasesForever(int x, int y) {
        int steps = 0;
        while (x >= 0) {
            x = x + y;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        System.out.println(twoPhases(args.length, 3) + threePhases(args.length, 2, 1));
    }
}
