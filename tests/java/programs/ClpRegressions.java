// Regressions of the CLP translation found in review (tests/unit/clp_test.cpp).
// Each method is a translation entry; none is meant to be run as a whole.
public class ClpRegressions {
    // args[1] must stay args[1] across a cut point (the kinds dataflow once
    // recorded every args element as args[0]).
    static void argsIndex(String[] a) {
        String s = a[1];
        String t = a[0];
        while (s.length() < t.length() + 1) {
        }
    }

    // Reading a field inherited from an interface initializes the interface
    // (JVMS §5.5), whose initializer throws here.
    interface Failing {
        int X = 1 / zero();  // ArithmeticException (no library call: see collectStatics)
    }

    static int zero() {
        return 0;
    }

    static class Holder implements Failing {
    }

    static int interfaceField() {
        int y = Holder.X;
        while (true) {
        }
    }

    // `new` initializes superinterfaces that declare default methods.
    interface WithDefault {
        Object O = boom();

        default int f() {
            return 1;
        }
    }

    static class Impl implements WithDefault {
    }

    static Object boom() {
        return new int[-1];  // NegativeArraySizeException
    }

    static void defaultInterface() {
        new Impl();
        while (true) {
        }
    }

    // A static initializer that writes a field through a method: the field
    // does not start at 0, so it must not be tracked as 0.
    static class Counter {
        static int x;

        static void init() {
            x = 5;
        }
    }

    static class Starter {
        static {
            Counter.init();
        }
    }

    static void readCounter() {
        while (Counter.x == 0) {
        }
    }
}
