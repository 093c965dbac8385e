package ovr.b;

public class C extends ovr.a.B {
    public int m() {
        return 3;
    }
}
