// Field and method descriptors (JVMS §4.3).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jhalt::classfile {

// One JVM type as written in a descriptor: `I`, `[J`, `Ljava/lang/String;` ...
struct FieldType {
  std::string_view text;
  char kind() const { return text[0]; }  // B C D F I J S Z L [
  bool isReference() const { return kind() == 'L' || kind() == '['; }
  bool isWide() const { return kind() == 'J' || kind() == 'D'; }  // two slots
  int slots() const { return isWide() ? 2 : 1; }
  // Internal class name for `L...;`, the descriptor itself for arrays.
  std::string_view className() const;
};

struct MethodType {
  std::vector<FieldType> params;
  std::optional<FieldType> result;  // nullopt: void
  int paramSlots() const;
};

// Returns nullopt if `text` is not exactly one well-formed field descriptor.
std::optional<FieldType> parseFieldDescriptor(std::string_view text);
std::optional<MethodType> parseMethodDescriptor(std::string_view text);

// Java-source spelling of a field type: `int`, `java.lang.String[]`.
std::string javaTypeName(FieldType type);

}  // namespace jhalt::classfile
