package live;

// Paper 004, §6.3 (Rhino): an interpreter running a program that searches a
// circular list for a value it does not contain. The stuck loop is the
// interpreter's dispatch loop, deep below the interpreted program.
// EXPECT: live -> NO stuck:39 thread:main
public class MiniInterp {
    static final int LOAD = 0, JNULL = 1, DATA = 2, JEQ = 3, NEXT = 4, STORE = 5, JMP = 6, HALT = 7;

    static final class Cell {
        final int data;
        Cell next;
        Cell(int data) { this.data = data; }
    }

    // member(p, x):  while (p != null) { if (p.data == x) return true; p = p.next; }
    static final int[] CODE = {
        LOAD, JNULL, 12,     // 0: if (p == null) goto 12
        LOAD, DATA, JEQ, 12, // 3: if (p.data == x) goto 12
        LOAD, NEXT, STORE,   // 7: p = p.next
        JMP, 0,              // 10
        HALT,                // 12
    };

    private final Object[] stack = new Object[8];
    private int sp;
    private Cell p;
    private final int x;
    private long executed;

    MiniInterp(Cell p, int x) {
        this.p = p;
        this.x = x;
    }

    boolean run() {
        int pc = 0;
        while (true) {
            executed++;
            switch (CODE[pc]) {
                case LOAD: stack[sp++] = p; pc += 1; break;
                case JNULL: pc = stack[--sp] == null ? CODE[pc + 1] : pc + 2; break;
                case DATA: stack[sp - 1] = ((Cell) stack[sp - 1]).data; pc += 1; break;
                case JEQ: pc = (Integer) stack[--sp] == x ? CODE[pc + 1] : pc + 2; break;
                case NEXT: stack[sp - 1] = ((Cell) stack[sp - 1]).next; pc += 1; break;
                case STORE: p = (Cell) stack[--sp]; pc += 1; break;
                case JMP: pc = CODE[pc + 1]; break;
                default: return p != null;
            }
        }
    }

    public static void main(String[] args) {
        Cell a = new Cell(1), b = new Cell(2);
        a.next = b;
        b.next = a;
        System.out.println(new MiniInterp(a, 3).run());
    }
}
