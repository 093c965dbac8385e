// invokespecial with a symbolic reference to a class above the direct
// superclass (program_test: SelectsSpecialMethods... and the ACC_SUPER test,
// which clears the flag in C's class file).
public class SuperChain {
    static class A {
        int m() {
            return 1;
        }
    }

    static class B extends A {
        int m() {
            return 2;
        }
    }

    static class C extends B {
        int call() {
            return super.m();
        }
    }
}
