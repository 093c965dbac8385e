// A rotation that undoes itself: right rotations after left rotations
// bring the tree back, so the loop runs forever on any tree with a left
// child ("aa"). No norm may decrease on both.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
public class TermTreeRotateBack {
    TermTreeRotateBack left, right;

    TermTreeRotateBack(TermTreeRotateBack l, TermTreeRotateBack r) {
        left = l;
        right = r;
    }

    public static void main(String[] args) {
        TermTreeRotateBack start = new TermTreeRotateBack(null, null);
        if (args.length > 0) start.left = new TermTreeRotateBack(null, null);
        boolean toRight = true;
        while (start != null) {
            if (toRight && start.left != null) {
                start = new TermTreeRotateBack(start.left.left, new TermTreeRotateBack(start.left.right, start.right));
            } else if (!toRight && start.right != null) {
                start = new TermTreeRotateBack(new TermTreeRotateBack(start.left, start.right.left), start.right.right);
            } else {
                start = start.right;
            }
            toRight = !toRight;
        }
    }
}
