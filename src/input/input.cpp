#include "jhalt/input/input.h"

#include <cmath>

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"

namespace jhalt::input {

Value Value::integer(int64_t v, char prim) {
  Value x;
  x.kind = Kind::Int;
  x.prim = prim;
  x.number = v;
  return x;
}

Value Value::floating(double v, char prim) {
  Value x;
  x.kind = Kind::Float;
  x.prim = prim;
  x.real = v;
  return x;
}

Value Value::null() {
  Value x;
  x.kind = Kind::Null;
  return x;
}

Value Value::string(std::string text) {
  Value x;
  x.kind = Kind::String;
  x.text = std::move(text);
  return x;
}

Value Value::array(std::string descriptor, std::vector<Value> elements) {
  Value x;
  x.kind = Kind::Array;
  x.type = std::move(descriptor);
  x.elements = std::move(elements);
  return x;
}

Value Value::object(std::string internal_class) {
  Value x;
  x.kind = Kind::Object;
  x.type = std::move(internal_class);
  return x;
}

Value Value::reference(int id) {
  Value x;
  x.kind = Kind::Ref;
  x.id = id;
  return x;
}

bool Value::operator==(const Value& o) const {
  // Floats compare by bits so that NaN witnesses are equal to themselves.
  bool same_real = std::signbit(real) == std::signbit(o.real) &&
                   (real == o.real || (std::isnan(real) && std::isnan(o.real)));
  return kind == o.kind && prim == o.prim && number == o.number && same_real && text == o.text && type == o.type &&
         elements == o.elements && fields == o.fields && id == o.id;
}

std::string javaClassName(std::string_view internal_name, bool binary) {
  std::string out(internal_name);
  for (char& c : out) {
    if (c == '/') c = '.';
    if (c == '$' && !binary) c = '.';
  }
  return out;
}

std::string javaStringLiteral(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 32 || c == 127)
          out += fmt::format("\\u{:04x}", c);
        else
          out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

namespace {

std::string floatText(double v, char prim) {
  const char* suffix = prim == 'F' ? "f" : "";
  if (std::isnan(v)) return prim == 'F' ? "Float.NaN" : "Double.NaN";
  if (std::isinf(v)) return std::string(prim == 'F' ? "Float" : "Double") + (v > 0 ? ".POSITIVE_INFINITY" : ".NEGATIVE_INFINITY");
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s + suffix;
}

std::string intText(int64_t v, char prim) {
  switch (prim) {
    case 'Z': return v ? "true" : "false";
    case 'J': return fmt::format("{}L", v);
    case 'C':
      if (v >= 32 && v < 127 && v != '\'' && v != '\\') return fmt::format("'{}'", static_cast<char>(v));
      return fmt::format("(char) {}", v);
    case 'B': return fmt::format("(byte) {}", v);
    case 'S': return fmt::format("(short) {}", v);
    default:
      // Integer.MIN_VALUE cannot be written as a negated literal of type int.
      if (v == -2147483648LL) return "Integer.MIN_VALUE";
      return fmt::format("{}", v);
  }
}

// The element type's Java name for `new T[]{...}`: "[I" -> "int", "[[I" -> "int[]".
std::string elementTypeName(std::string_view descriptor) {
  auto t = classfile::parseFieldDescriptor(descriptor.substr(1));
  if (!t) return "?";
  std::string name = classfile::javaTypeName(*t);
  for (char& c : name)
    if (c == '$') c = '.';
  return name;
}

}  // namespace

std::string javaText(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Int: return intText(v.number, v.prim);
    case Value::Kind::Float: return floatText(v.real, v.prim);
    case Value::Kind::Null: return "null";
    case Value::Kind::String: return javaStringLiteral(v.text);
    case Value::Kind::Ref: return fmt::format("o{}", v.id);
    case Value::Kind::Array: {
      std::string out = fmt::format("{}new {}[]{{", v.id ? fmt::format("o{}=", v.id) : "", elementTypeName(v.type));
      for (size_t i = 0; i < v.elements.size(); ++i) out += (i ? ", " : "") + javaText(v.elements[i]);
      return out + "}";
    }
    case Value::Kind::Object: {
      std::string name = javaClassName(v.type);
      size_t dot = name.rfind('.');
      std::string simple = dot == std::string::npos ? name : name.substr(dot + 1);
      if (v.id) simple = fmt::format("o{}={}", v.id, simple);
      if (v.fields.empty()) return fmt::format("a {} with default fields", simple);
      std::string out = simple + "{";
      for (size_t i = 0; i < v.fields.size(); ++i)
        out += fmt::format("{}{}={}", i ? ", " : "", v.fields[i].name, javaText(v.fields[i].value));
      return out + "}";
    }
  }
  return "?";
}

namespace {

std::string quoteShell(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string Witness::describe() const {
  if (main_args) {
    std::string out;
    for (const auto& a : args) out += (out.empty() ? "" : " ") + quoteShell(a);
    return fmt::format("args [{}]", out);
  }
  std::string out;
  for (const Value& v : params) out += (out.empty() ? "" : ", ") + javaText(v);
  out = "(" + out + ")";
  if (receiver) out += " on " + javaText(*receiver);
  return out;
}

}  // namespace jhalt::input
