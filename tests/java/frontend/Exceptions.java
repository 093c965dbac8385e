// try/catch/finally, nested handlers, multi-catch, rethrow, synchronized.
public class Exceptions {
    static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        } finally {
            System.out.println("parsed");
        }
    }

    static int nested(int[] a, int i) {
        try {
            try {
                return a[i] / i;
            } catch (ArithmeticException | NullPointerException e) {
                return 0;
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new IllegalStateException("index " + i, e);
        }
    }

    static final Object LOCK = new Object();
    static int counter;

    static void locked() {
        synchronized (LOCK) {
            counter++;
        }
    }

    public static void main(String[] args) {
        int total = 0;
        for (String s : args) {
            total += parse(s);
        }
        locked();
        System.out.println(total + nested(new int[] {1, 2}, args.length));
    }
}
