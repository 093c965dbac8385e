// Runs main of a class from two class directories on the same inputs, each
// run in fresh class loaders, and compares what the user named relevant:
// the printed output and the class of an uncaught exception. Runs that do
// not finish in time are inconclusive (the analysis ignores termination,
// thesis 002, §4.3.2).
//
// usage: DiffRun ORIGINAL_DIR PATCHED_DIR MAIN_CLASS TIMEOUT_MS < inputs (one run per line)
import java.io.*;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;

public class DiffRun {
  public static void main(String[] args) throws Exception {
    URL orig = Paths.get(args[0]).toUri().toURL(), patched = Paths.get(args[1]).toUri().toURL();
    String main = args[2];
    long timeout = Long.parseLong(args[3]);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    PrintStream out = System.out;
    int same = 0, differ = 0, inconclusive = 0;
    for (String line; (line = in.readLine()) != null; ) {
      String[] input = line.isEmpty() ? new String[0] : line.split(" ");
      String a = run(orig, main, input, timeout);
      String b = a.endsWith("|TIMEOUT") ? a : run(patched, main, input, timeout);
      System.setOut(out);
      if (a.endsWith("|TIMEOUT") || b.endsWith("|TIMEOUT")) inconclusive++;
      else if (a.equals(b)) same++;
      else {
        differ++;
        out.println("DIFFER on [" + line + "]:\n  original: " + a + "\n  patched:  " + b);
      }
    }
    out.println("same " + same + ", differ " + differ + ", inconclusive " + inconclusive);
    System.exit(differ > 0 ? 1 : 0);
  }

  @SuppressWarnings("deprecation")
  static String run(URL dir, String main, String[] input, long timeout) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream capture = new PrintStream(buf, true);
    String[] thrown = {""};
    ClassLoader loader = new URLClassLoader(new URL[] {dir}, ClassLoader.getPlatformClassLoader());
    Thread t = new Thread(() -> {
      try {
        Method m = Class.forName(main, true, loader).getMethod("main", String[].class);
        m.invoke(null, (Object) input);
      } catch (InvocationTargetException e) {
        thrown[0] = e.getCause().getClass().getName();
      } catch (ExceptionInInitializerError e) {
        thrown[0] = e.getCause() == null ? "ExceptionInInitializerError" : e.getCause().getClass().getName();
      } catch (Throwable e) {
        thrown[0] = "harness: " + e;
      }
    });
    System.setOut(capture);
    t.setDaemon(true);
    t.start();
    t.join(timeout);
    boolean done = !t.isAlive();
    if (!done) {
      t.stop();
      t.join(1000);
    }
    capture.flush();
    return buf.toString() + "|" + thrown[0] + (done ? "" : "|TIMEOUT");
  }
}
