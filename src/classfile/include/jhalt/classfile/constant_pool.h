// The constant pool (JVMS §4.4): all 17 tags. Entries are plain data; indices
// are validated when the pool is parsed (each reference points at an entry of
// the kind JVMS §4.4 requires), so the typed accessors below only fail when
// asked for the wrong kind at a caller-supplied index, e.g. an `ldc` operand.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace jhalt::classfile {

enum class CpTag : uint8_t {
  Invalid = 0,  // slot 0 and the second slot of Long/Double
  Utf8 = 1,
  Integer = 3,
  Float = 4,
  Long = 5,
  Double = 6,
  Class = 7,
  String = 8,
  Fieldref = 9,
  Methodref = 10,
  InterfaceMethodref = 11,
  NameAndType = 12,
  MethodHandle = 15,
  MethodType = 16,
  Dynamic = 17,
  InvokeDynamic = 18,
  Module = 19,
  Package = 20,
};

std::string_view cpTagName(CpTag tag);

// Method-handle kinds (JVMS §4.4.8, Table 5.4.3.5-A).
enum class RefKind : uint8_t {
  GetField = 1,
  GetStatic = 2,
  PutField = 3,
  PutStatic = 4,
  InvokeVirtual = 5,
  InvokeStatic = 6,
  InvokeSpecial = 7,
  NewInvokeSpecial = 8,
  InvokeInterface = 9,
};

struct CpEntry {
  CpTag tag = CpTag::Invalid;
  uint8_t ref_kind = 0;  // MethodHandle: a RefKind
  // Index operands, by tag: Class/String/MethodType/Module/Package: a = Utf8;
  // *ref: a = Class, b = NameAndType; NameAndType: a = name, b = descriptor;
  // MethodHandle: a = reference; Dynamic/InvokeDynamic: a = bootstrap method
  // attribute index, b = NameAndType.
  uint16_t a = 0;
  uint16_t b = 0;
  uint64_t bits = 0;      // Integer/Float (low 32 bits), Long/Double raw bits
  std::string_view utf8;  // Utf8: raw modified UTF-8, views the class bytes
};

struct MemberRef {
  std::string_view owner;  // internal class name (or array descriptor)
  std::string_view name;
  std::string_view descriptor;
};

struct NameAndType {
  std::string_view name;
  std::string_view descriptor;
};

class ConstantPool {
 public:
  ConstantPool() = default;
  explicit ConstantPool(std::vector<CpEntry> entries) : entries_(std::move(entries)) {}

  size_t size() const { return entries_.size(); }  // constant_pool_count
  bool valid(uint16_t index) const {
    return index > 0 && index < entries_.size() && entries_[index].tag != CpTag::Invalid;
  }
  bool is(uint16_t index, CpTag tag) const { return valid(index) && entries_[index].tag == tag; }
  const CpEntry& at(uint16_t index) const;  // throws FormatError if invalid
  const CpEntry& at(uint16_t index, CpTag tag) const;

  std::string_view utf8(uint16_t index) const { return at(index, CpTag::Utf8).utf8; }
  std::string_view className(uint16_t index) const;  // CONSTANT_Class -> name
  std::string_view string(uint16_t index) const;     // CONSTANT_String -> Utf8
  NameAndType nameAndType(uint16_t index) const;
  // Fieldref, Methodref or InterfaceMethodref.
  MemberRef memberRef(uint16_t index) const;
  int32_t intValue(uint16_t index) const;
  float floatValue(uint16_t index) const;
  int64_t longValue(uint16_t index) const;
  double doubleValue(uint16_t index) const;

 private:
  std::vector<CpEntry> entries_;
};

}  // namespace jhalt::classfile
