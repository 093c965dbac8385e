package live;

// Paper 004, Fig. 1 as it is: on the JVM y wraps around to a negative value
// after 2^31 iterations, so the loop ends (a proof over unbounded integers
// would be wrong here).
// EXPECT: live -> ENDS exit:0
public class WrapAround {
    public static void main(String[] args) {
        int x = 6, y = 1;
        while (x != 3 && y > 0) {
            x = (x * x + 2) % 10;
            y++;
        }
        System.out.println(x + " " + y);
    }
}
