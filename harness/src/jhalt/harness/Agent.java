package jhalt.harness;

import java.lang.reflect.Executable;

/**
 * The Java side of jhalt's JVMTI agent (harness/agent/agent.cpp), present
 * when the JVM was started with {@code -agentpath:libjhalt-agent.so}: a
 * breakpoint counts the visits of a loop head by one thread and, after the
 * wanted number, sends that thread {@link Enough}.
 */
final class Agent {
  private Agent() {}

  /** Thrown into a watched run once it has visited the loop head often enough. */
  static final class Enough extends Error {
    private static final long serialVersionUID = 1L;

    Enough() {
      super("jhalt: enough visits of the loop head", null, false, false);
    }
  }

  /** Whether the native agent is loaded (false: UnsatisfiedLinkError inside). */
  static boolean present() {
    try {
      return attached();
    } catch (UnsatisfiedLinkError e) {
      return false;
    }
  }

  static native boolean attached();

  /** Watches offset {@code pc} of {@code m} for {@code thread}; false if no breakpoint can be set there. */
  static native boolean watch(Executable m, int pc, long wanted, Thread thread, Throwable enough);

  /** Ends the watch; the visits counted. */
  static native long unwatch();
}
