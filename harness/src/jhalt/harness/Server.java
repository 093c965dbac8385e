package jhalt.harness;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * One JVM for every replay of an analysis (issue 12: started early, reused
 * for each claim; src/replay JvmSession). Reads requests from standard
 * input, one per line, and answers each with "done" on standard output once
 * the result file is written (the format of {@link Replay}):
 *
 * <pre>
 *   run SPEC RESULT STACK-BYTES                                   replay
 *   run SPEC RESULT STACK-BYTES CLASS METHOD DESCRIPTOR PC VISITS  watch a loop
 * </pre>
 *
 * Every run loads the program's classes afresh (its own class loader over
 * the class path given as the argument), so static state never leaks from
 * one claim into the next, and runs on its own thread with the stack size
 * asked for. A watched run counts the visits of the loop head with jhalt's
 * JVMTI agent ({@link Agent}); after VISITS of them the thread is stopped
 * and the result is "looping VISITS". The program's own output goes to
 * standard error (discarded by jhalt). At start the server prints
 * "ready agent" or "ready noagent".
 */
public final class Server {
  private Server() {}

  private static URL[] urls(String classpath) throws Exception {
    List<URL> out = new ArrayList<>();
    for (String e : classpath.split(File.pathSeparator))
      if (!e.isEmpty()) out.add(new File(e).toURI().toURL());
    return out.toArray(new URL[0]);
  }

  private static String descriptorOf(Class<?> c) {
    if (c == void.class) return "V";
    if (c == boolean.class) return "Z";
    if (c == byte.class) return "B";
    if (c == char.class) return "C";
    if (c == short.class) return "S";
    if (c == int.class) return "I";
    if (c == long.class) return "J";
    if (c == float.class) return "F";
    if (c == double.class) return "D";
    if (c.isArray()) return c.getName().replace('.', '/');
    return "L" + c.getName().replace('.', '/') + ";";
  }

  private static String descriptorOf(Executable m) {
    StringBuilder b = new StringBuilder("(");
    for (Class<?> p : m.getParameterTypes()) b.append(descriptorOf(p));
    b.append(')');
    b.append(m instanceof Method ? descriptorOf(((Method) m).getReturnType()) : "V");
    return b.toString();
  }

  private static Executable find(Class<?> c, String name, String descriptor) {
    List<Executable> candidates = new ArrayList<>();
    if (name.equals("<init>")) {
      for (Constructor<?> k : c.getDeclaredConstructors()) candidates.add(k);
    } else {
      for (Method m : c.getDeclaredMethods())
        if (m.getName().equals(name)) candidates.add(m);
    }
    for (Executable e : candidates)
      if (descriptorOf(e).equals(descriptor)) return e;
    return null;
  }

  /** One request's run on its own thread. */
  private static final class Job implements Runnable {
    final Replay.Call call;
    volatile Replay.Outcome outcome;

    Job(Replay.Call call) {
      this.call = call;
    }

    @Override
    public void run() {
      try {
        outcome = Replay.run(call);
      } catch (Throwable t) {
        // Enough delivered after the call (the count decides), or an error
        // inside the harness itself.
        if (!(t instanceof Agent.Enough)) outcome = Replay.failed(t);
      }
    }
  }

  private static void serve(String[] w, String classpath, boolean agent) throws Exception {
    String spec = w[1], result = w[2];
    long stack = Long.parseLong(w[3]);
    boolean watching = w.length >= 9;
    Replay.Call call;
    try (URLClassLoader loader = new URLClassLoader(urls(classpath), ClassLoader.getPlatformClassLoader())) {
      Executable head = null;
      try {
        call = Replay.prepare(new String(Files.readAllBytes(Paths.get(spec)), StandardCharsets.UTF_8), loader);
        if (watching) {
          if (!agent) throw new IllegalStateException("cannot watch: no agent");
          head = find(Class.forName(w[4], false, loader), w[5], w[6]);
          if (head == null) throw new IllegalStateException("no reflective handle for " + w[4] + "." + w[5] + w[6]);
        }
      } catch (Throwable t) {
        Replay.write(result, Replay.failed(t).first, null);
        return;
      }
      Job job = new Job(call);
      Thread thread = new Thread(null, job, "jhalt-replay", stack);
      long wanted = watching ? Long.parseLong(w[8]) : 0;
      if (watching && !Agent.watch(head, Integer.parseInt(w[7]), wanted, thread, new Agent.Enough())) {
        Agent.unwatch();
        Replay.write(result, "failed cannot watch: no breakpoint at offset " + w[7], null);
        return;
      }
      thread.start();
      thread.join();
      long visits = watching ? Agent.unwatch() : 0;
      if (watching && visits >= wanted) {
        Replay.write(result, "looping " + visits, null);
      } else {
        Replay.Outcome o = job.outcome != null ? job.outcome : Replay.failed(new IllegalStateException("no outcome"));
        Replay.write(result, o.first, o.thrown);
      }
    }
  }

  public static void main(String[] argv) throws Exception {
    String classpath = argv.length > 0 ? argv[0] : "";
    PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    System.setOut(System.err);
    boolean agent = Agent.present();
    protocol.println(agent ? "ready agent" : "ready noagent");
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      String[] w = line.trim().split(" ");
      if (w.length >= 4 && w[0].equals("run")) {
        try {
          serve(w, classpath, agent);
        } catch (Throwable t) {
          try {
            Replay.write(w[2], Replay.failed(t).first, null);
          } catch (Throwable ignored) {
            // the result file cannot be written: jhalt sees no result
          }
        }
      }
      protocol.println("done");
    }
    Runtime.getRuntime().halt(0);
  }
}
