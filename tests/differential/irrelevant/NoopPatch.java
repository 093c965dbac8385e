// Replaces the instructions jhalt reports as irrelevant by other code of the
// same stack effect (thesis 002, Conjecture 4.17: P' made by replacing only
// irrelevant opcodes computes the same relevant values): loads and
// computations push a different constant, stores store one, field writes
// pop their operands, increments add another amount, branches and switches pop their
// operands and go one way chosen by the seed. Constructor calls, `new`,
// returns, throws and stack shuffles stay. Frames are recomputed by ASM.
//
// usage: NoopPatch IN_DIR OUT_DIR PLAN SEED
//   PLAN: lines "pkg/C.name(desc) i1 i2 ... [; b1:n1 b2:n2 ...]": instruction
//   positions, then branches the analysis saw go one way only, with the
//   position they always continue at (their replacement keeps it: forcing
//   them the other way would run code the analysis never saw run).
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.*;
import java.util.*;
import java.util.stream.Stream;
import org.objectweb.asm.*;
import org.objectweb.asm.tree.*;
import org.objectweb.asm.tree.analysis.*;

public class NoopPatch implements Opcodes {
  static ClassLoader loader;
  static Map<String, Map<Integer, Integer>> decided = new HashMap<>();
  static boolean constructor;

  public static void main(String[] args) throws Exception {
    Path in = Paths.get(args[0]), out = Paths.get(args[1]);
    int seed = Integer.parseInt(args[3]);
    Map<String, Set<Integer>> plan = new HashMap<>();
    for (String line : Files.readAllLines(Paths.get(args[2]))) {
      String[] parts = line.trim().split(" ");
      if (parts[0].isEmpty()) continue;
      Set<Integer> idx = new HashSet<>();
      boolean branches = false;
      for (int i = 1; i < parts.length; i++) {
        if (parts[i].equals(";")) branches = true;
        else if (branches) decided.computeIfAbsent(parts[0], k -> new HashMap<>())
            .put(Integer.parseInt(parts[i].split(":")[0]), Integer.parseInt(parts[i].split(":")[1]));
        else idx.add(Integer.parseInt(parts[i]));
      }
      plan.put(parts[0], idx);
    }
    loader = new URLClassLoader(new URL[] {in.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    int patched = 0;
    try (Stream<Path> files = Files.walk(in)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (Files.isDirectory(p)) continue;
        Path target = out.resolve(in.relativize(p).toString());
        Files.createDirectories(target.getParent());
        byte[] bytes = Files.readAllBytes(p);
        if (p.toString().endsWith(".class")) {
          int[] count = {0};
          bytes = patch(bytes, plan, seed, count);
          patched += count[0];
        }
        Files.write(target, bytes);
      }
    }
    System.out.println("patched " + patched + " instructions");
  }

  static byte[] patch(byte[] bytes, Map<String, Set<Integer>> plan, int seed, int[] count) throws AnalyzerException {
    ClassNode cn = new ClassNode();
    new ClassReader(bytes).accept(cn, 0);
    boolean any = false;
    for (MethodNode mn : cn.methods) {
      Set<Integer> idx = plan.get(cn.name + "." + mn.name + mn.desc);
      if (idx == null || idx.isEmpty()) continue;
      constructor = mn.name.equals("<init>");
      Frame<BasicValue>[] frames = new Analyzer<>(new BasicInterpreter()).analyze(cn.name, mn);
      List<AbstractInsnNode> real = new ArrayList<>();
      for (AbstractInsnNode n : mn.instructions) if (n.getOpcode() >= 0) real.add(n);
      Map<AbstractInsnNode, InsnList> replace = new LinkedHashMap<>();
      Map<Integer, Integer> oneWay = decided.getOrDefault(cn.name + "." + mn.name + mn.desc, Map.of());
      for (int i : idx) {
        if (i >= real.size()) continue;
        AbstractInsnNode n = real.get(i);
        int at = mn.instructions.indexOf(n);
        Frame<BasicValue> before = frames[at];
        Frame<BasicValue> after = at + 1 < frames.length ? frames[at + 1] : null;
        if (before == null) continue;
        Integer next = oneWay.get(i);
        InsnList r = replacement(n, before, after, seed + i, next == null ? null : real.get(next));
        if (r != null) replace.put(n, r);
      }
      for (Map.Entry<AbstractInsnNode, InsnList> e : replace.entrySet()) {
        mn.instructions.insert(e.getKey(), e.getValue());
        mn.instructions.remove(e.getKey());
        count[0]++;
        any = true;
      }
    }
    if (!any) return bytes;
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
      @Override
      protected ClassLoader getClassLoader() { return loader; }

      @Override
      protected String getCommonSuperClass(String a, String b) {
        try {
          return super.getCommonSuperClass(a, b);
        } catch (RuntimeException e) {
          return "java/lang/Object";
        }
      }
    };
    cn.accept(cw);
    return cw.toByteArray();
  }

  static void pop(InsnList r, Frame<BasicValue> f, int values) {
    for (int k = 0; k < values; k++) r.add(new InsnNode(f.getStack(f.getStackSize() - 1 - k).getSize() == 2 ? POP2 : POP));
  }

  static void push(InsnList r, BasicValue v, int seed) {
    if (v == BasicValue.INT_VALUE) r.add(new InsnNode(seed % 2 == 0 ? ICONST_3 : ICONST_M1));
    else if (v == BasicValue.LONG_VALUE) r.add(new InsnNode(LCONST_1));
    else if (v == BasicValue.FLOAT_VALUE) r.add(new InsnNode(FCONST_2));
    else if (v == BasicValue.DOUBLE_VALUE) r.add(new InsnNode(DCONST_1));
    else r.add(new InsnNode(ACONST_NULL));
  }

  // Values an instruction pops; -1 when it is left alone.
  static int consumed(AbstractInsnNode n) {
    int op = n.getOpcode();
    if (op >= ACONST_NULL && op <= ALOAD) return 0;  // constants, ldc, loads
    if (op >= IALOAD && op <= SALOAD) return 2;
    if (op >= ISTORE && op <= ASTORE) return 1;
    if (op >= IASTORE && op <= SASTORE) return 3;
    if (op >= IADD && op <= DREM) return 2;
    if (op >= INEG && op <= DNEG) return 1;
    if (op >= ISHL && op <= LXOR) return 2;
    if (op >= I2L && op <= I2S) return 1;
    if (op >= LCMP && op <= DCMPG) return 2;
    switch (op) {
      case GETSTATIC: return 0;
      case PUTSTATIC: return 1;
      case GETFIELD: return 1;
      case PUTFIELD: return 2;
      case NEWARRAY: case ANEWARRAY: case ARRAYLENGTH: case CHECKCAST: case INSTANCEOF: return 1;
      case MULTIANEWARRAY: return ((MultiANewArrayInsnNode) n).dims;
      case INVOKEVIRTUAL: case INVOKEINTERFACE: case INVOKESTATIC: case INVOKESPECIAL: {
        MethodInsnNode m = (MethodInsnNode) n;
        if (m.name.equals("<init>")) return -1;
        return Type.getArgumentTypes(m.desc).length + (op == INVOKESTATIC ? 0 : 1);
      }
      case INVOKEDYNAMIC: return Type.getArgumentTypes(((InvokeDynamicInsnNode) n).desc).length;
      default: return -1;
    }
  }

  // The instruction a label stands before.
  static AbstractInsnNode at(LabelNode label) {
    AbstractInsnNode x = label;
    while (x != null && x.getOpcode() < 0) x = x.getNext();
    return x;
  }

  static InsnList replacement(AbstractInsnNode n, Frame<BasicValue> before, Frame<BasicValue> after, int seed,
                              AbstractInsnNode next) {
    InsnList r = new InsnList();
    int op = n.getOpcode();
    if (op == IINC) {
      IincInsnNode x = (IincInsnNode) n;
      r.add(new IincInsnNode(x.var, x.incr + 7));
      return r;
    }
    if (n instanceof JumpInsnNode && op != GOTO && op != JSR) {
      int values = (op >= IFEQ && op <= IFLE) || op == IFNULL || op == IFNONNULL ? 1 : 2;
      pop(r, before, values);
      LabelNode target = ((JumpInsnNode) n).label;
      boolean jump = next == null ? seed % 2 == 0 : at(target) == next;
      if (jump) r.add(new JumpInsnNode(GOTO, target));
      return r;
    }
    if (n instanceof TableSwitchInsnNode || n instanceof LookupSwitchInsnNode) {
      if (next != null) return null;  // decided switch: left alone
      pop(r, before, 1);
      List<LabelNode> labels = n instanceof TableSwitchInsnNode ? ((TableSwitchInsnNode) n).labels : ((LookupSwitchInsnNode) n).labels;
      LabelNode dflt = n instanceof TableSwitchInsnNode ? ((TableSwitchInsnNode) n).dflt : ((LookupSwitchInsnNode) n).dflt;
      r.add(new JumpInsnNode(GOTO, seed % 2 == 0 || labels.isEmpty() ? dflt : labels.get(0)));
      return r;
    }
    if (op >= ISTORE && op <= ASTORE) {  // store another value: the local stays assigned
      pop(r, before, 1);
      push(r, before.getStack(before.getStackSize() - 1), seed);
      r.add(new VarInsnNode(op, ((VarInsnNode) n).var));
      return r;
    }
    int in = consumed(n);
    if (in < 0) return null;
    // `this` in a constructor may be uninitialized: the verifier accepts no
    // replacement for it.
    if (op == ALOAD && ((VarInsnNode) n).var == 0 && before.getLocal(0) != null
        && before.getLocal(0).getType() != null && constructor) return null;
    pop(r, before, in);
    if (after != null && after.getStackSize() > before.getStackSize() - in) push(r, after.getStack(after.getStackSize() - 1), seed);
    return r;
  }
}
