// Class hierarchy for the program-model tests: interfaces with default
// methods, abstract classes, overriding, private and static methods, static
// initializers.
public class Hierarchy {
    interface Shape {
        int area();

        default String name() {
            return "shape";
        }
    }

    interface Named {
        String name();
    }

    interface Polygon extends Shape {
        default int corners() {
            return 0;
        }
    }

    static abstract class Base implements Polygon {
        static int created;

        static {
            created = 0;
        }

        Base() {
            created++;
        }

        public int area() {
            return 0;
        }

        private int secret() {
            return 1;
        }

        int callSecret() {
            return secret();
        }
    }

    static class Square extends Base implements Named {
        static final int SIDES = 4;
        static int count = compute();
        int side;

        Square(int side) {
            this.side = side;
        }

        static int compute() {
            return 1;
        }

        public int area() {
            return side * side;
        }

        public int corners() {
            return SIDES;
        }

        public String name() {
            return "square";
        }

        int superArea() {
            return super.area();
        }
    }

    static class Triangle extends Base {
        public int corners() {
            return 3;
        }
    }

    public static void main(String[] args) {
        Shape s = args.length > 0 ? new Square(args.length) : new Triangle();
        int a = s.area();
        String n = s.name();
        Polygon p = (Polygon) s;
        int c = p.corners();
        Object o = s;
        boolean isSquare = o instanceof Square;
        System.out.println(a + c + n.length() + (isSquare ? 1 : 0));
    }
}
