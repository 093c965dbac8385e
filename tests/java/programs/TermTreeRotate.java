// Flattening a tree into a right spine by rotations (the TPDB's
// FlattenTree): a rotation keeps the number of nodes, so the plain size
// does not fall; a norm where left children weigh twice does.
// EXPECT: analyze --engine term --int-semantics math -> YES
public class TermTreeRotate {
    TermTreeRotate left, right;

    TermTreeRotate(TermTreeRotate l, TermTreeRotate r) {
        left = l;
        right = r;
    }

    static TermTreeRotate build(String[] args) {
        TermTreeRotate root = new TermTreeRotate(null, null);
        TermTreeRotate t = root;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 1) {
                if (t.left == null) {
                    t.left = new TermTreeRotate(null, null);
                    t = root;
                } else {
                    t = t.left;
                }
            } else {
                if (t.right == null) {
                    t.right = new TermTreeRotate(null, null);
                    t = root;
                } else {
                    t = t.right;
                }
            }
        }
        return root;
    }

    static int flatten(TermTreeRotate start) {
        int n = 0;
        while (start != null) {
            if (start.left == null) {
                n++;
                start = start.right;
            } else {
                start = new TermTreeRotate(start.left.left, new TermTreeRotate(start.left.right, start.right));
            }
        }
        return n;
    }

    public static void main(String[] args) {
        System.out.println(flatten(build(args)));
    }
}
