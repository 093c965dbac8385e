// tableswitch, lookupswitch, switches on strings and enums.
public class Switches {
    enum Color { RED, GREEN, BLUE }

    static int dense(int x) {
        switch (x) {
            case 0: return 10;
            case 1: return 11;
            case 2: return 12;
            case 4: return 14;
            default: return -1;
        }
    }

    static int sparse(int x) {
        switch (x) {
            case -1000: return 1;
            case 7: return 2;
            case 100000: return 3;
            default: return 0;
        }
    }

    static int onString(String s) {
        switch (s) {
            case "a": return 1;
            case "bb": return 2;
            default: return 0;
        }
    }

    static int onEnum(Color c) {
        switch (c) {
            case RED: return 1;
            case BLUE: return 3;
            default: return 2;
        }
    }

    public static void main(String[] args) {
        int sum = dense(args.length) + sparse(args.length) + onEnum(Color.GREEN);
        for (String a : args) {
            sum += onString(a);
        }
        System.out.println(sum);
    }
}
