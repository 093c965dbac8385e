// Class-file parser (JVMS §4). Structure follows ClassFile in §4.1: header,
// constant pool (§4.4), members (§4.5, §4.6), attributes (§4.7). Every count
// read from the file is checked against the bytes that remain before anything
// is allocated, so hostile input cannot cause large allocations or long loops.
#include "jhalt/classfile/parser.h"

#include <algorithm>

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/byte_reader.h"
#include "jhalt/util/mutf8.h"

namespace jhalt::classfile {
namespace {

std::string_view asView(std::span<const uint8_t> s) {
  return {reinterpret_cast<const char*>(s.data()), s.size()};
}

class Parser {
 public:
  explicit Parser(ClassFile& cf) : cf_(cf), in_(cf.bytes) {}

  void run() {
    uint32_t magic = in_.u4();
    if (magic != 0xCAFEBABE) throw FormatError(fmt::format("bad magic number 0x{:08X}", magic));
    cf_.minor_version = in_.u2();
    cf_.major_version = in_.u2();
    if (cf_.major_version < kMinMajorVersion || cf_.major_version > kMaxMajorVersion)
      throw FormatError(fmt::format("unsupported class file version {}.{} (supported: {} to {})",
                                    cf_.major_version, cf_.minor_version, kMinMajorVersion,
                                    kMaxMajorVersion));
    readConstantPool();
    cf_.access = in_.u2();
    cf_.name = pool().className(in_.u2());
    uint16_t super = in_.u2();
    if (super != 0) cf_.super = pool().className(super);
    uint16_t n_interfaces = in_.u2();
    in_.expectItems(n_interfaces, 2, "interfaces");
    cf_.interfaces.reserve(n_interfaces);
    for (uint16_t i = 0; i < n_interfaces; ++i) cf_.interfaces.push_back(pool().className(in_.u2()));
    readFields();
    readMethods();
    readClassAttributes();
    if (!in_.atEnd())
      throw FormatError(fmt::format("{} unexpected byte(s) after the last attribute", in_.remaining()));
    checkBootstrapReferences();
  }

 private:
  const ConstantPool& pool() const { return cf_.pool; }

  void readConstantPool() {
    uint16_t count = in_.u2();
    if (count == 0) throw FormatError("constant_pool_count is 0");
    in_.expectItems(count - 1u, 3, "constant pool entries");
    std::vector<CpEntry> entries(count);
    for (uint32_t i = 1; i < count; ++i) {
      CpEntry& e = entries[i];
      uint8_t tag = in_.u1();
      e.tag = static_cast<CpTag>(tag);
      switch (e.tag) {
        case CpTag::Utf8: {
          uint16_t len = in_.u2();
          e.utf8 = asView(in_.bytes(len));
          if (!isValidModifiedUtf8(e.utf8))
            throw FormatError(fmt::format("constant pool entry {}: malformed modified UTF-8", i));
          break;
        }
        case CpTag::Integer:
        case CpTag::Float:
          e.bits = in_.u4();
          break;
        case CpTag::Long:
        case CpTag::Double:
          e.bits = in_.u8();
          if (i + 1 >= count)
            throw FormatError(fmt::format("constant pool entry {}: 8-byte constant in the last slot", i));
          ++i;  // JVMS §4.4.5: takes two slots; the second is unusable
          break;
        case CpTag::Class:
        case CpTag::String:
        case CpTag::MethodType:
        case CpTag::Module:
        case CpTag::Package:
          e.a = in_.u2();
          break;
        case CpTag::Fieldref:
        case CpTag::Methodref:
        case CpTag::InterfaceMethodref:
        case CpTag::NameAndType:
        case CpTag::Dynamic:
        case CpTag::InvokeDynamic:
          e.a = in_.u2();
          e.b = in_.u2();
          break;
        case CpTag::MethodHandle:
          e.ref_kind = in_.u1();
          e.a = in_.u2();
          break;
        default:
          throw FormatError(fmt::format("constant pool entry {}: unknown tag {}", i, tag));
      }
    }
    cf_.pool = ConstantPool(std::move(entries));
    for (uint32_t i = 1; i < count; ++i) checkEntry(static_cast<uint16_t>(i));
  }

  // Cross-reference rules of JVMS §4.4.
  void checkEntry(uint16_t i) {
    const ConstantPool& cp = pool();
    if (!cp.valid(i)) return;  // second slot of a Long/Double
    const CpEntry& e = cp.at(i);
    auto expect = [&](uint16_t ref, CpTag tag) {
      if (!cp.is(ref, tag))
        throw FormatError(fmt::format("constant pool entry {} ({}) refers to entry {}, which is not {}",
                                      i, cpTagName(e.tag), ref, cpTagName(tag)));
    };
    switch (e.tag) {
      case CpTag::Class:
      case CpTag::String:
      case CpTag::MethodType:
      case CpTag::Module:
      case CpTag::Package:
        expect(e.a, CpTag::Utf8);
        break;
      case CpTag::Fieldref:
      case CpTag::Methodref:
      case CpTag::InterfaceMethodref:
        expect(e.a, CpTag::Class);
        expect(e.b, CpTag::NameAndType);
        break;
      case CpTag::NameAndType:
        expect(e.a, CpTag::Utf8);
        expect(e.b, CpTag::Utf8);
        break;
      case CpTag::Dynamic:
      case CpTag::InvokeDynamic:
        expect(e.b, CpTag::NameAndType);
        has_bootstrap_refs_ = true;
        break;
      case CpTag::MethodHandle:
        checkMethodHandle(i, e);
        break;
      default:
        break;
    }
  }

  void checkMethodHandle(uint16_t i, const CpEntry& e) {
    if (e.ref_kind < 1 || e.ref_kind > 9)
      throw FormatError(fmt::format("constant pool entry {}: bad method handle kind {}", i, e.ref_kind));
    const ConstantPool& cp = pool();
    bool ok = false;
    switch (static_cast<RefKind>(e.ref_kind)) {
      case RefKind::GetField:
      case RefKind::GetStatic:
      case RefKind::PutField:
      case RefKind::PutStatic:
        ok = cp.is(e.a, CpTag::Fieldref);
        break;
      case RefKind::InvokeVirtual:
      case RefKind::NewInvokeSpecial:
        ok = cp.is(e.a, CpTag::Methodref);
        break;
      case RefKind::InvokeStatic:
      case RefKind::InvokeSpecial:
        ok = cp.is(e.a, CpTag::Methodref) ||
             (cf_.major_version >= 52 && cp.is(e.a, CpTag::InterfaceMethodref));
        break;
      case RefKind::InvokeInterface:
        ok = cp.is(e.a, CpTag::InterfaceMethodref);
        break;
    }
    if (!ok)
      throw FormatError(fmt::format("constant pool entry {}: method handle of kind {} refers to entry {} of the wrong kind",
                                    i, e.ref_kind, e.a));
  }

  std::string_view descriptorAt(uint16_t index, bool method) {
    std::string_view d = pool().utf8(index);
    bool ok = method ? parseMethodDescriptor(d).has_value() : parseFieldDescriptor(d).has_value();
    if (!ok)
      throw FormatError(fmt::format("malformed {} descriptor '{}'", method ? "method" : "field",
                                    modifiedUtf8ToUtf8(d)));
    return d;
  }

  // Runs `body` on a sub-reader over exactly the attribute's bytes and checks
  // that the attribute was consumed completely.
  template <class Body>
  void withAttribute(std::string_view name, std::span<const uint8_t> data, Body body) {
    ByteReader sub(data, "attribute");
    body(sub);
    if (!sub.atEnd())
      throw FormatError(fmt::format("{} attribute has {} byte(s) more than its contents",
                                    name, sub.remaining()));
  }

  // Reads an attribute table, passing name and contents of each attribute to
  // `handle`; attributes `handle` does not know are skipped (JVMS §4.7.1).
  template <class Handler>
  void readAttributes(ByteReader& in, Handler handle) {
    uint16_t count = in.u2();
    in.expectItems(count, 6, "attributes");
    for (uint16_t i = 0; i < count; ++i) {
      std::string_view name = pool().utf8(in.u2());
      uint32_t length = in.u4();
      handle(name, in.bytes(length));
    }
  }

  void readFields() {
    uint16_t count = in_.u2();
    in_.expectItems(count, 8, "fields");
    cf_.fields.reserve(count);
    for (uint16_t i = 0; i < count; ++i) {
      Field f;
      f.access = in_.u2();
      f.name = pool().utf8(in_.u2());
      f.descriptor = descriptorAt(in_.u2(), false);
      readAttributes(in_, [&](std::string_view name, std::span<const uint8_t> data) {
        if (name == "ConstantValue")
          withAttribute(name, data, [&](ByteReader& r) { f.constant_value = checkedIndex(r.u2()); });
        else if (name == "Signature")
          withAttribute(name, data, [&](ByteReader& r) { f.signature = pool().utf8(r.u2()); });
      });
      cf_.fields.push_back(std::move(f));
    }
  }

  uint16_t checkedIndex(uint16_t index) {
    pool().at(index);
    return index;
  }

  void readMethods() {
    uint16_t count = in_.u2();
    in_.expectItems(count, 8, "methods");
    cf_.methods.reserve(count);
    for (uint16_t i = 0; i < count; ++i) {
      Method m;
      m.access = in_.u2();
      m.name = pool().utf8(in_.u2());
      m.descriptor = descriptorAt(in_.u2(), true);
      readAttributes(in_, [&](std::string_view name, std::span<const uint8_t> data) {
        if (name == "Code") {
          if (m.code) throw FormatError(fmt::format("method {} has two Code attributes", m.name));
          withAttribute(name, data, [&](ByteReader& r) { m.code = readCode(r); });
        } else if (name == "Exceptions") {
          withAttribute(name, data, [&](ByteReader& r) {
            uint16_t n = r.u2();
            r.expectItems(n, 2, "exceptions");
            for (uint16_t k = 0; k < n; ++k) m.exceptions.push_back(pool().className(r.u2()));
          });
        } else if (name == "Signature") {
          withAttribute(name, data, [&](ByteReader& r) { m.signature = pool().utf8(r.u2()); });
        }
      });
      cf_.methods.push_back(std::move(m));
    }
  }

  Code readCode(ByteReader& r) {
    Code code;
    code.max_stack = r.u2();
    code.max_locals = r.u2();
    uint32_t length = r.u4();
    if (length == 0 || length >= 65536)
      throw FormatError(fmt::format("code length {} is not between 1 and 65535", length));
    code.bytecode = r.bytes(length);
    uint16_t n_handlers = r.u2();
    r.expectItems(n_handlers, 8, "exception handlers");
    code.handlers.reserve(n_handlers);
    for (uint16_t i = 0; i < n_handlers; ++i) {
      ExceptionHandler h{r.u2(), r.u2(), r.u2(), r.u2()};
      if (h.start_pc >= h.end_pc || h.end_pc > length || h.handler_pc >= length)
        throw FormatError(fmt::format("exception handler {} has a bad range [{}, {}) -> {} (code length {})",
                                      i, h.start_pc, h.end_pc, h.handler_pc, length));
      if (h.catch_type != 0) pool().at(h.catch_type, CpTag::Class);
      code.handlers.push_back(h);
    }
    readAttributes(r, [&](std::string_view name, std::span<const uint8_t> data) {
      if (name == "LineNumberTable")
        withAttribute(name, data, [&](ByteReader& a) { readLines(a, code, length); });
      else if (name == "LocalVariableTable")
        withAttribute(name, data, [&](ByteReader& a) { readLocals(a, code.locals, length, false); });
      else if (name == "LocalVariableTypeTable")
        withAttribute(name, data, [&](ByteReader& a) { readLocals(a, code.local_types, length, true); });
      else if (name == "StackMapTable")
        withAttribute(name, data, [&](ByteReader& a) { readStackMap(a, code); });
    });
    std::stable_sort(code.lines.begin(), code.lines.end(),
                     [](const LineNumber& x, const LineNumber& y) { return x.start_pc < y.start_pc; });
    return code;
  }

  void readLines(ByteReader& r, Code& code, uint32_t length) {
    uint16_t n = r.u2();
    r.expectItems(n, 4, "line numbers");
    for (uint16_t i = 0; i < n; ++i) {
      LineNumber ln{r.u2(), r.u2()};
      if (ln.start_pc >= length)
        throw FormatError(fmt::format("LineNumberTable entry at pc {} beyond code length {}",
                                      ln.start_pc, length));
      code.lines.push_back(ln);  // several tables may exist; they are merged
    }
  }

  void readLocals(ByteReader& r, std::vector<LocalVariable>& out, uint32_t length, bool signature) {
    uint16_t n = r.u2();
    r.expectItems(n, 10, "local variables");
    for (uint16_t i = 0; i < n; ++i) {
      LocalVariable v;
      v.start_pc = r.u2();
      v.length = r.u2();
      v.name = pool().utf8(r.u2());
      v.descriptor = pool().utf8(r.u2());
      v.index = r.u2();
      if (uint32_t{v.start_pc} + v.length > length)
        throw FormatError(fmt::format("{} entry '{}' exceeds the code length {}",
                                      signature ? "LocalVariableTypeTable" : "LocalVariableTable",
                                      modifiedUtf8ToUtf8(v.name), length));
      out.push_back(v);
    }
  }

  void readStackMap(ByteReader& r, Code& code) {
    uint16_t n = r.u2();
    r.expectItems(n, 1, "stack map frames");
    int64_t previous = -1;
    for (uint16_t i = 0; i < n; ++i) {
      StackMapFrame f;
      f.frame_type = r.u1();
      uint32_t delta;
      uint8_t t = f.frame_type;
      if (t <= 63) {  // same_frame
        delta = t;
      } else if (t <= 127) {  // same_locals_1_stack_item_frame
        delta = t - 64u;
        f.stack.push_back(readVerification(r));
      } else if (t < 247) {
        throw FormatError(fmt::format("StackMapTable: reserved frame type {}", t));
      } else if (t == 247) {  // same_locals_1_stack_item_frame_extended
        delta = r.u2();
        f.stack.push_back(readVerification(r));
      } else if (t <= 250) {  // chop_frame
        delta = r.u2();
        f.chop = static_cast<uint8_t>(251 - t);
      } else if (t == 251) {  // same_frame_extended
        delta = r.u2();
      } else if (t <= 254) {  // append_frame
        delta = r.u2();
        for (int k = 0; k < t - 251; ++k) f.locals.push_back(readVerification(r));
      } else {  // full_frame
        delta = r.u2();
        uint16_t nl = r.u2();
        r.expectItems(nl, 1, "frame locals");
        for (uint16_t k = 0; k < nl; ++k) f.locals.push_back(readVerification(r));
        uint16_t ns = r.u2();
        r.expectItems(ns, 1, "frame stack entries");
        for (uint16_t k = 0; k < ns; ++k) f.stack.push_back(readVerification(r));
      }
      // JVMS §4.7.4: offset = previous + delta + 1 (the first frame: delta).
      int64_t offset = previous + static_cast<int64_t>(delta) + 1;
      if (offset >= static_cast<int64_t>(code.bytecode.size()))
        throw FormatError(fmt::format("StackMapTable: frame {} at offset {} beyond code length {}", i,
                                      offset, code.bytecode.size()));
      f.offset = static_cast<uint32_t>(offset);
      previous = offset;
      code.stack_map.push_back(std::move(f));
    }
  }

  VerificationType readVerification(ByteReader& r) {
    uint8_t tag = r.u1();
    if (tag > VerificationType::Uninitialized)
      throw FormatError(fmt::format("StackMapTable: bad verification type tag {}", tag));
    VerificationType v{static_cast<VerificationType::Tag>(tag)};
    if (v.tag == VerificationType::Object) {
      v.data = r.u2();
      pool().at(v.data, CpTag::Class);
    } else if (v.tag == VerificationType::Uninitialized) {
      v.data = r.u2();
    }
    return v;
  }

  void readClassAttributes() {
    readAttributes(in_, [&](std::string_view name, std::span<const uint8_t> data) {
      if (name == "SourceFile") {
        withAttribute(name, data, [&](ByteReader& r) { cf_.source_file = pool().utf8(r.u2()); });
      } else if (name == "Signature") {
        withAttribute(name, data, [&](ByteReader& r) { cf_.signature = pool().utf8(r.u2()); });
      } else if (name == "BootstrapMethods") {
        withAttribute(name, data, [&](ByteReader& r) { readBootstrapMethods(r); });
      } else if (name == "InnerClasses") {
        withAttribute(name, data, [&](ByteReader& r) { readInnerClasses(r); });
      }
    });
  }

  void readBootstrapMethods(ByteReader& r) {
    uint16_t n = r.u2();
    r.expectItems(n, 4, "bootstrap methods");
    for (uint16_t i = 0; i < n; ++i) {
      BootstrapMethod bm;
      bm.method_handle = r.u2();
      pool().at(bm.method_handle, CpTag::MethodHandle);
      uint16_t n_args = r.u2();
      r.expectItems(n_args, 2, "bootstrap arguments");
      for (uint16_t k = 0; k < n_args; ++k) bm.arguments.push_back(checkedIndex(r.u2()));
      cf_.bootstrap_methods.push_back(std::move(bm));
    }
  }

  void readInnerClasses(ByteReader& r) {
    uint16_t n = r.u2();
    r.expectItems(n, 8, "inner classes");
    for (uint16_t i = 0; i < n; ++i) {
      InnerClass ic{r.u2(), r.u2(), r.u2(), r.u2()};
      pool().at(ic.inner_class, CpTag::Class);
      if (ic.outer_class != 0) pool().at(ic.outer_class, CpTag::Class);
      if (ic.inner_name != 0) pool().at(ic.inner_name, CpTag::Utf8);
      cf_.inner_classes.push_back(ic);
    }
  }

  void checkBootstrapReferences() {
    if (!has_bootstrap_refs_) return;
    for (uint16_t i = 1; i < pool().size(); ++i) {
      if (!pool().valid(i)) continue;
      const CpEntry& e = pool().at(i);
      if ((e.tag == CpTag::Dynamic || e.tag == CpTag::InvokeDynamic) &&
          e.a >= cf_.bootstrap_methods.size())
        throw FormatError(fmt::format("constant pool entry {} ({}) refers to bootstrap method {} but the class has {}",
                                      i, cpTagName(e.tag), e.a, cf_.bootstrap_methods.size()));
    }
  }

  ClassFile& cf_;
  ByteReader in_;
  bool has_bootstrap_refs_ = false;
};

}  // namespace

ClassFile parseClassFile(std::vector<uint8_t> bytes) {
  ClassFile cf;
  cf.bytes = std::move(bytes);
  Parser(cf).run();
  return cf;
}

}  // namespace jhalt::classfile
