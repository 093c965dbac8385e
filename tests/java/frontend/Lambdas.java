// invokedynamic: lambdas (capturing and not), method references, string
// concatenation with constants.
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

public class Lambdas {
    static int twice(int x) {
        return 2 * x;
    }

    public static void main(String[] args) {
        int base = args.length;
        IntUnaryOperator add = x -> x + base;
        IntUnaryOperator dbl = Lambdas::twice;
        Supplier<String> s = () -> "n=" + base + ", first=" + (args.length > 0 ? args[0] : null);
        Runnable r = () -> System.out.println(s.get());
        r.run();
        System.out.println("result " + add.applyAsInt(dbl.applyAsInt(3)) + '!');
    }
}
