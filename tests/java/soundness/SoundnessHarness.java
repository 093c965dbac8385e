import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Runs methods of class Sound on given inputs and prints their outcomes,
 * one line per input line: "ok VALUE" or "exception CLASS" (internal name).
 * Input lines: method name, then arguments separated by ';' - an integer,
 * "null", or an int array "[1,2,3]".
 */
public class SoundnessHarness {
    public static void main(String[] args) throws Exception {
        try (BufferedReader in = new BufferedReader(new FileReader(args[0]))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    continue;
                }
                String[] parts = line.split(";", -1);
                Method method = null;
                for (Method m : Sound.class.getDeclaredMethods()) {
                    if (m.getName().equals(parts[0])) {
                        method = m;
                    }
                }
                Class<?>[] types = method.getParameterTypes();
                Object[] values = new Object[types.length];
                for (int i = 0; i < types.length; i++) {
                    values[i] = parse(parts[i + 1], types[i]);
                }
                method.setAccessible(true);
                try {
                    Object result = method.invoke(null, values);
                    System.out.println("ok " + result);
                } catch (InvocationTargetException e) {
                    System.out.println("exception " + e.getCause().getClass().getName().replace('.', '/'));
                }
            }
        }
    }

    static Object parse(String text, Class<?> type) {
        if (text.equals("null")) {
            return null;
        }
        if (type == int[].class) {
            String body = text.substring(1, text.length() - 1);
            if (body.isEmpty()) {
                return new int[0];
            }
            String[] items = body.split(",");
            int[] a = new int[items.length];
            for (int i = 0; i < items.length; i++) {
                a[i] = Integer.parseInt(items[i]);
            }
            return a;
        }
        return Integer.parseInt(text);
    }
}
