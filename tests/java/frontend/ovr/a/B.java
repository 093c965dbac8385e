package ovr.a;

public class B extends A {
    public int m() {
        return 2;
    }
}
