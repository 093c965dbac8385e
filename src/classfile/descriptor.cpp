#include "jhalt/classfile/descriptor.h"

namespace jhalt::classfile {
namespace {

// Parses one field type starting at `pos`; returns its length or 0.
size_t fieldTypeLength(std::string_view s, size_t pos) {
  size_t i = pos;
  size_t dims = 0;
  while (i < s.size() && s[i] == '[') {
    ++i;
    if (++dims > 255) return 0;  // JVMS §4.3.2: at most 255 dimensions
  }
  if (i >= s.size()) return 0;
  switch (s[i]) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
      return i + 1 - pos;
    case 'L': {
      size_t end = s.find(';', i + 1);
      if (end == std::string_view::npos || end == i + 1) return 0;
      for (size_t k = i + 1; k < end; ++k)
        if (s[k] == '.' || s[k] == '[') return 0;
      return end + 1 - pos;
    }
    default:
      return 0;
  }
}

}  // namespace

std::string_view FieldType::className() const {
  if (kind() == 'L') return text.substr(1, text.size() - 2);
  return text;
}

int MethodType::paramSlots() const {
  int n = 0;
  for (const auto& p : params) n += p.slots();
  return n;
}

std::optional<FieldType> parseFieldDescriptor(std::string_view text) {
  size_t n = fieldTypeLength(text, 0);
  if (n == 0 || n != text.size()) return std::nullopt;
  return FieldType{text};
}

std::optional<MethodType> parseMethodDescriptor(std::string_view text) {
  if (text.empty() || text[0] != '(') return std::nullopt;
  MethodType mt;
  size_t i = 1;
  while (i < text.size() && text[i] != ')') {
    size_t n = fieldTypeLength(text, i);
    if (n == 0) return std::nullopt;
    mt.params.push_back(FieldType{text.substr(i, n)});
    i += n;
  }
  if (i >= text.size()) return std::nullopt;
  ++i;  // ')'
  if (mt.paramSlots() > 255) return std::nullopt;  // JVMS §4.3.3
  if (i + 1 == text.size() && text[i] == 'V') return mt;
  size_t n = fieldTypeLength(text, i);
  if (n == 0 || i + n != text.size()) return std::nullopt;
  mt.result = FieldType{text.substr(i, n)};
  return mt;
}

std::string javaTypeName(FieldType type) {
  std::string_view t = type.text;
  size_t dims = 0;
  while (dims < t.size() && t[dims] == '[') ++dims;
  std::string base;
  switch (t[dims]) {
    case 'B': base = "byte"; break;
    case 'C': base = "char"; break;
    case 'D': base = "double"; break;
    case 'F': base = "float"; break;
    case 'I': base = "int"; break;
    case 'J': base = "long"; break;
    case 'S': base = "short"; break;
    case 'Z': base = "boolean"; break;
    default:
      base = std::string(t.substr(dims + 1, t.size() - dims - 2));
      for (char& c : base)
        if (c == '/') c = '.';
  }
  for (size_t k = 0; k < dims; ++k) base += "[]";
  return base;
}

}  // namespace jhalt::classfile
