// Witness inputs (paper 000, §3: "an assignment to the arguments of the
// program"): the concrete values an entry method is called with, or the
// command-line arguments of a main program. Plain data shared by every
// engine, the certifier, the JVM replay and the reports; it depends on
// nothing above the class-file layer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace jhalt::input {

struct FieldValue;

// One value: a primitive, null, a string, an array or an object.
struct Value {
  // Ref: the object or array labelled `id` elsewhere in the same witness
  // (sharing and cycles: an object's field may refer to an enclosing one).
  enum class Kind : uint8_t { Int, Float, Null, String, Array, Object, Ref };
  // How an object is created: without running a constructor (all fields
  // hold their default values unless `fields` sets them), which is what the
  // replay harness does with sun.misc.Unsafe.allocateInstance.
  Kind kind = Kind::Int;
  char prim = 'I';            // Int: Z B C S I J; Float: F D
  int64_t number = 0;         // Int
  double real = 0;            // Float
  std::string text;           // String (its characters, UTF-8)
  std::string type;           // Array: its descriptor ("[I"); Object: its class ("pkg/C$D")
  std::vector<Value> elements;     // Array
  std::vector<FieldValue> fields;  // Object: the fields whose value is not the default
  // Array, Object: a label (> 0) when the value is referred to again (by a
  // Ref met later in a depth-first walk of the witness); Ref: the label.
  int id = 0;

  static Value integer(int64_t v, char prim = 'I');
  static Value floating(double v, char prim = 'D');
  static Value null();
  static Value string(std::string text);
  static Value array(std::string descriptor, std::vector<Value> elements);
  static Value object(std::string internal_class);
  static Value reference(int id);

  bool operator==(const Value& o) const;
};

struct FieldValue {
  std::string owner;       // declaring class, internal name
  std::string name;
  std::string descriptor;
  Value value;
  bool operator==(const FieldValue&) const = default;
};

struct Witness {
  // main(String[]) under the TPDB convention: the command-line arguments.
  bool main_args = false;
  std::vector<std::string> args;
  // Any other entry: the receiver of an instance method, then one value
  // per parameter.
  std::optional<Value> receiver;
  std::vector<Value> params;

  // One line: `args ['' 'ab']` or `(3, null, new int[]{1, 2})`, with
  // ` on <receiver>` for instance methods.
  std::string describe() const;
  bool operator==(const Witness&) const = default;
};

// Java source text of a value (`new int[]{1, 2}`, `"ab"`, `7L`, `null`);
// objects as `new C()` when no field is set, else `C{f=1}`.
std::string javaText(const Value& v);
// A class's Java name from its internal name: `pkg/Outer$Inner` ->
// `pkg.Outer.Inner` (binary=false) or `pkg.Outer$Inner` (binary=true).
std::string javaClassName(std::string_view internal_name, bool binary = false);
// A string as a Java literal with escapes.
std::string javaStringLiteral(std::string_view s);

}  // namespace jhalt::input
