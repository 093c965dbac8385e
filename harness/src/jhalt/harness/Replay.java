// The replay harness of jhalt (src/replay): runs one witness input on the
// real JVM. jhalt writes a spec file naming the method and describing its
// arguments; this program builds them, calls the method, and writes what
// happened to the result file:
//
//   returned
//   threw <exception class>            then one line per stack frame:
//   frame <class> <method> <line> <module or ->
//   failed <reason>                    (the harness itself could not run it)
//
// A run that never ends leaves no result file (jhalt kills it at its time
// limit). Objects are allocated without running a constructor
// (sun.misc.Unsafe.allocateInstance) and their fields set by reflection, so
// the JVM sees exactly the input jhalt's evaluator saw.
//
// A constructor (<init>) is called through Constructor.newInstance (an
// object allocated and initialised by it, as `new` does).
//
// Spec: whitespace-separated tokens
//   jhalt-replay 1 class <binary name> method <name> descriptor <descriptor>
//   (main <count> <string>... | receiver <value>? args <count> <value>...)
// value: Z|B|C|S|I|J <decimal> | F <int bits hex> | D <long bits hex> | null
//      | str <utf-8 hex or -> | arr <descriptor> <count> <value>...
//      | obj <binary class> <count> (<declaring class> <field> <value>)...
package jhalt.harness;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public final class Replay {
  private final String[] tokens;
  private final ClassLoader loader;  // where the program's classes come from
  private int pos;

  private Replay(String text, ClassLoader loader) {
    this.tokens = text.trim().split("\\s+");
    this.loader = loader;
  }

  private String next() {
    if (pos >= tokens.length) throw new IllegalArgumentException("spec ends early");
    return tokens[pos++];
  }

  private void expect(String word) {
    String t = next();
    if (!t.equals(word)) throw new IllegalArgumentException("expected " + word + ", found " + t);
  }

  private static String hexString(String hex) {
    if (hex.equals("-")) return "";
    byte[] b = new byte[hex.length() / 2];
    for (int i = 0; i < b.length; ++i) b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    return new String(b, StandardCharsets.UTF_8);
  }

  private Class<?> classOf(String binaryName) throws ClassNotFoundException {
    return Class.forName(binaryName, false, loader);
  }

  // A field or parameter type from its descriptor.
  private Class<?> typeOf(String d) throws ClassNotFoundException {
    switch (d.charAt(0)) {
      case 'Z': return boolean.class;
      case 'B': return byte.class;
      case 'C': return char.class;
      case 'S': return short.class;
      case 'I': return int.class;
      case 'J': return long.class;
      case 'F': return float.class;
      case 'D': return double.class;
      case 'L': return classOf(d.substring(1, d.length() - 1).replace('/', '.'));
      default: return classOf(d.replace('/', '.'));  // an array: "[I", "[Ljava.lang.String;"
    }
  }

  private List<Class<?>> parameterTypes(String descriptor) throws ClassNotFoundException {
    List<Class<?>> out = new ArrayList<>();
    int i = 1;
    while (descriptor.charAt(i) != ')') {
      int start = i;
      while (descriptor.charAt(i) == '[') ++i;
      if (descriptor.charAt(i) == 'L') i = descriptor.indexOf(';', i);
      ++i;
      out.add(typeOf(descriptor.substring(start, i)));
    }
    return out;
  }

  private static Object unsafe() throws Exception {
    Class<?> c = Class.forName("sun.misc.Unsafe");
    Field f = c.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    return f.get(null);
  }

  private static Object allocate(Class<?> c) throws Exception {
    Object u = unsafe();
    return u.getClass().getMethod("allocateInstance", Class.class).invoke(u, c);
  }

  // Objects and arrays labelled by `def ID` (before their contents are read,
  // so that a field may refer back to an enclosing object: cycles).
  private final java.util.Map<Integer, Object> labelled = new java.util.HashMap<>();
  private int pendingLabel = 0;

  private void label(Object o) {
    if (pendingLabel != 0) labelled.put(pendingLabel, o);
    pendingLabel = 0;
  }

  private Object value() throws Exception {
    String tag = next();
    switch (tag) {
      case "def":
        pendingLabel = Integer.parseInt(next());
        return value();
      case "ref": {
        int id = Integer.parseInt(next());
        if (!labelled.containsKey(id)) throw new IllegalArgumentException("reference to undefined object " + id);
        return labelled.get(id);
      }
      case "Z": return Long.parseLong(next()) != 0;
      case "B": return (byte) Long.parseLong(next());
      case "C": return (char) Long.parseLong(next());
      case "S": return (short) Long.parseLong(next());
      case "I": return (int) Long.parseLong(next());
      case "J": return Long.parseLong(next());
      case "F": return Float.intBitsToFloat((int) Long.parseLong(next(), 16));
      case "D": return Double.longBitsToDouble(Long.parseUnsignedLong(next(), 16));
      case "null": return null;
      case "str": return hexString(next());
      case "arr": {
        Class<?> type = typeOf(next());
        int n = Integer.parseInt(next());
        Object arr = Array.newInstance(type.getComponentType(), n);
        label(arr);
        for (int k = 0; k < n; ++k) Array.set(arr, k, value());
        return arr;
      }
      case "obj": {
        Class<?> c = classOf(next());
        Object obj = allocate(c);
        label(obj);
        int n = Integer.parseInt(next());
        for (int k = 0; k < n; ++k) {
          Field f = classOf(next()).getDeclaredField(next());
          f.setAccessible(true);
          f.set(obj, value());
        }
        return obj;
      }
      default: throw new IllegalArgumentException("unknown value tag " + tag);
    }
  }

  // The frames of the method's own run: the harness and the reflection
  // machinery below it are cut off.
  private static void writeFrames(PrintWriter out, Throwable t) {
    for (StackTraceElement e : t.getStackTrace()) {
      String cls = e.getClassName();
      if (cls.startsWith("jhalt.harness.") || cls.startsWith("jdk.internal.reflect.")
          || (cls.equals("java.lang.reflect.Method") && e.getMethodName().equals("invoke"))
          || (cls.equals("java.lang.reflect.Constructor") && e.getMethodName().equals("newInstance")))
        break;
      String module = e.getModuleName();
      out.println("frame " + cls + " " + e.getMethodName() + " " + e.getLineNumber() + " "
          + (module == null ? "-" : module));
    }
  }

  static void write(String file, String first, Throwable t) throws IOException {
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Paths.get(file), StandardCharsets.UTF_8))) {
      out.println(first);
      if (t != null) writeFrames(out, t);
    }
  }

  /** A prepared call: the entry method (or constructor) and its arguments. */
  static final class Call {
    Method method;
    java.lang.reflect.Constructor<?> constructor;  // the entry is a constructor (<init>)
    Object receiver;
    Object[] args;
    Class<?> owner;

    Object invoke() throws Exception {
      return constructor != null ? constructor.newInstance(args) : method.invoke(receiver, args);
    }
  }

  /** Parses the spec and builds the arguments with the classes of {@code loader}. */
  static Call prepare(String spec, ClassLoader loader) throws Exception {
    Replay p = new Replay(spec, loader);
    Call call = new Call();
    p.expect("jhalt-replay");
    p.expect("1");
    p.expect("class");
    Class<?> c = call.owner = p.classOf(p.next());
    p.expect("method");
    String name = p.next();
    p.expect("descriptor");
    String descriptor = p.next();
    Class<?>[] types = p.parameterTypes(descriptor).toArray(new Class<?>[0]);
    if (name.equals("<init>")) {
      call.constructor = c.getDeclaredConstructor(types);
      call.constructor.setAccessible(true);
    } else {
      call.method = c.getDeclaredMethod(name, types);
      call.method.setAccessible(true);
    }
    String mode = p.next();
    if (mode.equals("main")) {
      String[] strings = new String[Integer.parseInt(p.next())];
      for (int k = 0; k < strings.length; ++k) strings[k] = hexString(p.next());
      call.args = new Object[] {strings};
    } else {
      if (mode.equals("receiver")) {
        call.receiver = p.value();
        p.expect("args");
      } else if (!mode.equals("args")) {
        throw new IllegalArgumentException("expected main, receiver or args");
      }
      call.args = new Object[Integer.parseInt(p.next())];
      for (int k = 0; k < call.args.length; ++k) call.args[k] = p.value();
    }
    Class.forName(c.getName(), true, c.getClassLoader());  // initialize it, as a call would
    return call;
  }

  /** What a run did: its result file's first line and the exception whose frames follow. */
  static final class Outcome {
    final String first;
    final Throwable thrown;

    Outcome(String first, Throwable thrown) {
      this.first = first;
      this.thrown = thrown;
    }
  }

  static Outcome failed(Throwable t) {
    return new Outcome("failed " + t.toString().replace('\n', ' '), null);
  }

  /** Runs a prepared call. */
  static Outcome run(Call call) {
    try {
      call.invoke();
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      return new Outcome("threw " + cause.getClass().getName(), cause);
    } catch (Throwable t) {
      return failed(t);
    }
    return new Outcome("returned", null);
  }

  public static void main(String[] argv) throws Exception {
    String result = argv[1];
    Call call;
    try {
      call = prepare(new String(Files.readAllBytes(Paths.get(argv[0])), StandardCharsets.UTF_8),
                     Replay.class.getClassLoader());
    } catch (Throwable t) {
      Outcome o = failed(t);
      write(result, o.first, null);
      return;
    }
    Outcome o = run(call);
    write(result, o.first, o.thrown);
  }
}
