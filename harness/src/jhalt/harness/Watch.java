package jhalt.harness;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.LaunchingConnector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;

/**
 * Watches a replay for a claimed non-terminating loop (issue 12: the JVM
 * confirms by observing, never by a timer). Runs {@link Replay} in a second
 * JVM under the JDK's debugger interface with a breakpoint at the loop
 * head's bytecode offset and counts its visits.
 *
 * <p>Usage: Watch SPEC RESULT CLASS METHOD DESCRIPTOR OFFSET VISITS JVM-OPTIONS. Writes to
 * RESULT "looping N" when the run was still inside the loop after N visits; otherwise the
 * replay's own result (returned, threw ..., failed ...), or "exited K" when the JVM ended
 * without one.
 */
public final class Watch {
  private Watch() {}

  private static void watch(ReferenceType t, String method, String descriptor, long offset, EventRequestManager erm) {
    for (Method m : t.methodsByName(method, descriptor)) {
      Location at = m.locationOfCodeIndex(offset);
      if (at == null) continue;
      BreakpointRequest b = erm.createBreakpointRequest(at);
      b.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      b.enable();
    }
  }

  private static void drain(java.io.InputStream in) {
    Thread t = new Thread(() -> {
      byte[] buffer = new byte[8192];
      try {
        while (in.read(buffer) >= 0) {}
      } catch (java.io.IOException e) {
        // the debuggee ended
      }
    });
    t.setDaemon(true);
    t.start();
  }

  private static void write(String file, String line) throws Exception {
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Paths.get(file), StandardCharsets.UTF_8))) {
      out.println(line);
    }
  }

  public static void main(String[] argv) throws Exception {
    String spec = argv[0], result = argv[1], cls = argv[2], method = argv[3], descriptor = argv[4];
    long offset = Long.parseLong(argv[5]), wanted = Long.parseLong(argv[6]);
    String options = argv.length > 7 ? argv[7] : "";
    String runResult = result + ".run";
    LaunchingConnector launcher = Bootstrap.virtualMachineManager().defaultConnector();
    Map<String, Connector.Argument> a = launcher.defaultArguments();
    a.get("main").setValue("jhalt.harness.Replay \"" + spec + "\" \"" + runResult + "\"");
    a.get("options").setValue("-cp \"" + System.getProperty("java.class.path") + "\" " + options);
    VirtualMachine vm = launcher.launch(a);
    Process p = vm.process();
    // The debuggee's output is drained so that it never blocks on a full pipe.
    drain(p.getInputStream());
    drain(p.getErrorStream());
    EventRequestManager erm = vm.eventRequestManager();
    ClassPrepareRequest prepare = erm.createClassPrepareRequest();
    prepare.addClassFilter(cls);
    prepare.enable();
    for (ReferenceType t : vm.classesByName(cls)) watch(t, method, descriptor, offset, erm);
    long visits = 0;
    while (true) {
      EventSet events = vm.eventQueue().remove();
      for (Event e : events) {
        if (e instanceof ClassPrepareEvent) {
          watch(((ClassPrepareEvent) e).referenceType(), method, descriptor, offset, erm);
        } else if (e instanceof BreakpointEvent && ++visits >= wanted) {
          write(result, "looping " + visits);
          vm.exit(0);
          System.exit(0);
        } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
          p.waitFor();
          if (Files.exists(Paths.get(runResult))) Files.copy(Paths.get(runResult), Paths.get(result));
          else write(result, "exited " + p.exitValue());
          System.exit(0);
        }
      }
      events.resume();
    }
  }
}
