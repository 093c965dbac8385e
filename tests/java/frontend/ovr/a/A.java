// JVMS §5.4.5 transitive overriding (program_test.cpp): b.C.m overrides the
// package-private a.A.m through the public a.B.m, so a call of A.m on a C
// selects C.m.
package ovr.a;

public abstract class A {
    int m() {
        return 1;
    }

    public static int call(A a) {
        return a.m();
    }
}
