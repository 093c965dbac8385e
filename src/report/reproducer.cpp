// The runnable reproducer of a finding (java_source.h): a Java template
// filled with the witness's reflective setup and the finding's place.
#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/report/java_source.h"
#include "reflective.h"

namespace jhalt::report {
namespace {

void replaceAll(std::string& text, std::string_view token, const std::string& by) {
  for (size_t at = text.find(token); at != std::string::npos; at = text.find(token, at + by.size()))
    text.replace(at, token.size(), by);
}

// Common part: building the witness and calling the entry by reflection.
constexpr std::string_view kCommon = R"JAVA(
    static Object allocate(String cls) throws Exception {
        java.lang.reflect.Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) f.get(null);
        return unsafe.allocateInstance(Class.forName(cls));
    }

    static void setField(Object o, String owner, String name, Object value) throws Exception {
        java.lang.reflect.Field f = Class.forName(owner).getDeclaredField(name);
        f.setAccessible(true);
        f.set(o, value);
    }

    // A class from a field descriptor: I, [I, Lpkg/C;
    static Class<?> type(String d) throws Exception {
        switch (d.charAt(0)) {
            case 'Z': return boolean.class;
            case 'B': return byte.class;
            case 'C': return char.class;
            case 'S': return short.class;
            case 'I': return int.class;
            case 'J': return long.class;
            case 'F': return float.class;
            case 'D': return double.class;
            case 'L': return Class.forName(d.substring(1, d.length() - 1).replace('/', '.'));
            default: return Class.forName(d.replace('/', '.'));
        }
    }

    // Builds the witness and calls the method; its exception propagates.
    static void call() throws Throwable {
@SETUP@
        Class<?> owner = Class.forName("@CLASS@");
        Class<?>[] types = {@TYPES@};
        try {
            if (@CONSTRUCTOR@) {
                java.lang.reflect.Constructor<?> c = owner.getDeclaredConstructor(types);
                c.setAccessible(true);
                c.newInstance(new Object[] {@ARGS@});
            } else {
                java.lang.reflect.Method m = owner.getDeclaredMethod("@METHOD@", types);
                m.setAccessible(true);
                m.invoke(@RECEIVER@, new Object[] {@ARGS@});
            }
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
)JAVA";

constexpr std::string_view kException = R"JAVA(// Reproducer written by jhalt: @WHAT@
// Witness: @WITNESS@
// Run: javac @NAME@.java && java -cp <the analysed classes>:. @NAME@
public class @NAME@ {
@COMMON@
    public static void main(String[] args) {
        try {
            call();
        } catch (Throwable t) {
            StackTraceElement[] trace = t.getStackTrace();
            for (StackTraceElement e : trace) {
                if (!e.getClassName().equals("@AT_CLASS@") || !e.getMethodName().equals("@AT_METHOD@")) continue;
                boolean here = t.getClass().getName().equals("@EXCEPTION@") && (@LINE@ < 0 || e.getLineNumber() == @LINE@);
                System.out.println((here ? "REPRODUCED: " : "NOT REPRODUCED: ") + t + " at " + e);
                System.exit(here ? 0 : 1);
            }
            System.out.println("NOT REPRODUCED: " + t + " outside @AT_CLASS@.@AT_METHOD@");
            System.exit(1);
        }
        System.out.println("NOT REPRODUCED: the call returned normally");
        System.exit(1);
    }
}
)JAVA";

constexpr std::string_view kLoop = R"JAVA(// Reproducer written by jhalt: @WHAT@
// Witness: @WITNESS@
// Run: javac @NAME@.java && java -cp <the analysed classes>:. @NAME@
// It starts the call in a second JVM under the JDK's debugger interface and
// counts the visits of the loop head (bytecode offset @PC@ of
// @AT_CLASS@.@AT_METHOD@@AT_DESCRIPTOR@): still inside the loop after
// @ITERATIONS@ visits is REPRODUCED. A count, not a time.
import com.sun.jdi.*;
import com.sun.jdi.connect.*;
import com.sun.jdi.event.*;
import com.sun.jdi.request.*;

public class @NAME@ {
@COMMON@
    static void watch(ReferenceType t, EventRequestManager erm) throws Exception {
        for (Method m : t.methodsByName("@AT_METHOD@", "@AT_DESCRIPTOR@")) {
            Location at = m.locationOfCodeIndex(@PC@);
            if (at == null) continue;
            BreakpointRequest b = erm.createBreakpointRequest(at);
            b.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
            b.enable();
        }
    }

    public static void main(String[] args) throws Throwable {
        if (args.length > 0 && args[0].equals("run")) {
            call();
            System.exit(3);  // returned: the launcher sees the VM die early
        }
        LaunchingConnector launcher = Bootstrap.virtualMachineManager().defaultConnector();
        java.util.Map<String, Connector.Argument> a = launcher.defaultArguments();
        a.get("main").setValue("@NAME@ run");
        a.get("options").setValue("-cp \"" + System.getProperty("java.class.path") + "\"");
        VirtualMachine vm = launcher.launch(a);
        Process p = vm.process();
        new Thread(() -> { try { p.getInputStream().transferTo(System.out); } catch (Exception e) { } }).start();
        new Thread(() -> { try { p.getErrorStream().transferTo(System.err); } catch (Exception e) { } }).start();
        EventRequestManager erm = vm.eventRequestManager();
        ClassPrepareRequest prepare = erm.createClassPrepareRequest();
        prepare.addClassFilter("@AT_CLASS@");
        prepare.enable();
        for (ReferenceType t : vm.classesByName("@AT_CLASS@")) watch(t, erm);
        long visits = 0;
        while (true) {
            EventSet events = vm.eventQueue().remove();
            for (Event e : events) {
                if (e instanceof ClassPrepareEvent) {
                    watch(((ClassPrepareEvent) e).referenceType(), erm);
                } else if (e instanceof BreakpointEvent && ++visits >= @ITERATIONS@) {
                    System.out.println("REPRODUCED: still inside the loop at @AT_CLASS@.@AT_METHOD@ (offset @PC@) after "
                        + visits + " visits of its head");
                    vm.exit(0);
                    System.exit(0);
                } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
                    System.out.println("NOT REPRODUCED: the run ended after " + visits + " visits of the loop head");
                    System.exit(1);
                }
            }
            events.resume();
        }
    }
}
)JAVA";

std::string javaStringContent(const std::string& s) {
  std::string lit = input::javaStringLiteral(s);
  return lit.substr(1, lit.size() - 2);
}

}  // namespace

std::string reproducer(const engine::Finding& f, const EntrySignature& entry, const std::string& class_name,
                       int iterations) {
  JavaCall plain = javaCall(f.witness, entry);
  detail::ReflectiveCall r = detail::reflectiveCall(f.witness, entry);
  std::string setup, args, types;
  for (const std::string& s : r.setup) setup += "        " + s + "\n";
  for (const std::string& a : r.args) args += (args.empty() ? "" : ", ") + a;
  if (auto mt = classfile::parseMethodDescriptor(entry.descriptor))
    for (const auto& p : mt->params) types += fmt::format("{}type(\"{}\")", types.empty() ? "" : ", ", p.text);
  std::string text(f.kind == engine::FindingKind::Exception ? kException : kLoop);
  replaceAll(text, "@COMMON@", std::string(kCommon));
  std::string what = f.kind == engine::FindingKind::Exception
                         ? fmt::format("{} at {}", input::javaClassName(f.exception, true), f.where.javaName())
                         : fmt::format("a non-terminating loop in {}", f.where.javaName());
  if (!f.where.source_file.empty() && f.where.line >= 0) what += fmt::format(" ({}:{})", f.where.source_file, f.where.line);
  std::string witness_line;
  for (const std::string& s : plain.setup) witness_line += s + " ";
  witness_line += plain.call + ";";
  for (char& c : witness_line)
    if (c == '\n') c = ' ';
  replaceAll(text, "@WHAT@", what);
  replaceAll(text, "@WITNESS@", witness_line);
  replaceAll(text, "@SETUP@", setup);
  replaceAll(text, "@CLASS@", input::javaClassName(entry.cls, true));
  replaceAll(text, "@METHOD@", entry.name);
  replaceAll(text, "@CONSTRUCTOR@", entry.name == "<init>" ? "true" : "false");
  replaceAll(text, "@TYPES@", types);
  replaceAll(text, "@ARGS@", args);
  replaceAll(text, "@RECEIVER@", r.receiver);
  replaceAll(text, "@AT_CLASS@", input::javaClassName(f.where.cls, true));
  replaceAll(text, "@AT_METHOD@", javaStringContent(f.where.method));
  replaceAll(text, "@AT_DESCRIPTOR@", f.where.descriptor);
  replaceAll(text, "@EXCEPTION@", input::javaClassName(f.exception, true));
  replaceAll(text, "@LINE@", std::to_string(f.where.line));
  replaceAll(text, "@PC@", std::to_string(f.where.pc));
  replaceAll(text, "@ITERATIONS@", std::to_string(iterations));
  replaceAll(text, "@NAME@", class_name);
  return text;
}

}  // namespace jhalt::report
