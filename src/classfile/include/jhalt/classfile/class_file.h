// Parse tree of a class file: plain, move-only data mirroring JVMS §4. All
// string_views point into `ClassFile::bytes`, which the ClassFile owns; moving
// a ClassFile keeps them valid, copying is not allowed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/classfile/constant_pool.h"

namespace jhalt::classfile {

// Access flags (JVMS Tables 4.1-B, 4.5-A, 4.6-A).
enum AccessFlag : uint16_t {
  kPublic = 0x0001,
  kPrivate = 0x0002,
  kProtected = 0x0004,
  kStatic = 0x0008,
  kFinal = 0x0010,
  kSuper = 0x0020,         // classes
  kSynchronized = 0x0020,  // methods
  kVolatile = 0x0040,      // fields
  kBridge = 0x0040,        // methods
  kTransient = 0x0080,     // fields
  kVarargs = 0x0080,       // methods
  kNative = 0x0100,
  kInterface = 0x0200,
  kAbstract = 0x0400,
  kStrict = 0x0800,
  kSynthetic = 0x1000,
  kAnnotation = 0x2000,
  kEnum = 0x4000,
  kModule = 0x8000,
};

struct ExceptionHandler {  // JVMS §4.7.3 exception_table entry
  uint16_t start_pc;
  uint16_t end_pc;  // exclusive
  uint16_t handler_pc;
  uint16_t catch_type;  // 0: any (finally); else CONSTANT_Class
};

struct LineNumber {  // JVMS §4.7.12
  uint16_t start_pc;
  uint16_t line;
};

struct LocalVariable {  // JVMS §4.7.13 (and §4.7.14 with a signature)
  uint16_t start_pc;
  uint16_t length;
  std::string_view name;
  std::string_view descriptor;
  uint16_t index;
};

// JVMS §4.7.4 verification_type_info.
struct VerificationType {
  enum Tag : uint8_t {
    Top = 0,
    Integer = 1,
    Float = 2,
    Double = 3,
    Long = 4,
    Null = 5,
    UninitializedThis = 6,
    Object = 7,         // data: CONSTANT_Class index
    Uninitialized = 8,  // data: offset of the `new`
  };
  Tag tag;
  uint16_t data = 0;
};

// One stack_map_frame with its absolute offset and its delta-decoded form kept
// raw: `locals` holds the appended locals for append frames and all locals for
// full frames; `chop` the number of chopped locals.
struct StackMapFrame {
  uint8_t frame_type;
  uint32_t offset;
  uint8_t chop = 0;
  std::vector<VerificationType> locals;
  std::vector<VerificationType> stack;
};

struct Code {  // JVMS §4.7.3
  uint16_t max_stack = 0;
  uint16_t max_locals = 0;
  std::span<const uint8_t> bytecode;
  std::vector<ExceptionHandler> handlers;
  std::vector<LineNumber> lines;  // sorted by start_pc
  std::vector<LocalVariable> locals;
  std::vector<LocalVariable> local_types;  // LocalVariableTypeTable
  std::vector<StackMapFrame> stack_map;
};

struct Field {  // JVMS §4.5
  uint16_t access = 0;
  std::string_view name;
  std::string_view descriptor;
  std::optional<std::string_view> signature;
  uint16_t constant_value = 0;  // ConstantValue index, 0 if none
};

struct Method {  // JVMS §4.6
  uint16_t access = 0;
  std::string_view name;
  std::string_view descriptor;
  std::optional<std::string_view> signature;
  std::optional<Code> code;
  std::vector<std::string_view> exceptions;  // Exceptions attribute
  bool isStatic() const { return access & kStatic; }
  bool isAbstract() const { return access & kAbstract; }
  bool isNative() const { return access & kNative; }
  bool isPrivate() const { return access & kPrivate; }
};

struct BootstrapMethod {  // JVMS §4.7.23
  uint16_t method_handle;
  std::vector<uint16_t> arguments;
};

struct InnerClass {  // JVMS §4.7.6
  uint16_t inner_class;
  uint16_t outer_class;  // 0 if none
  uint16_t inner_name;   // 0 if anonymous
  uint16_t access;
};

struct ClassFile {
  ClassFile() = default;
  ClassFile(ClassFile&&) = default;
  ClassFile& operator=(ClassFile&&) = default;
  ClassFile(const ClassFile&) = delete;
  ClassFile& operator=(const ClassFile&) = delete;

  std::vector<uint8_t> bytes;  // owns the data every view points into
  uint16_t minor_version = 0;
  uint16_t major_version = 0;
  ConstantPool pool;
  uint16_t access = 0;
  std::string_view name;                   // internal name, e.g. java/lang/Object
  std::optional<std::string_view> super;   // absent only for java/lang/Object
  std::vector<std::string_view> interfaces;
  std::vector<Field> fields;
  std::vector<Method> methods;
  std::optional<std::string_view> source_file;
  std::optional<std::string_view> signature;
  std::vector<BootstrapMethod> bootstrap_methods;
  std::vector<InnerClass> inner_classes;

  bool isInterface() const { return access & kInterface; }
};

}  // namespace jhalt::classfile
