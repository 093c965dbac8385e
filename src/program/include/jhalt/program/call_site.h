// invokedynamic call sites recognised by the analyser (JVMS §4.7.23, §6.5
// invokedynamic): string concatenation (java.lang.invoke.StringConcatFactory)
// and lambdas (java.lang.invoke.LambdaMetafactory). Their symbolic treatment
// belongs to the engines; this only describes them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/classfile/class_file.h"
#include "jhalt/classfile/descriptor.h"

namespace jhalt::program {

struct CallSite {
  enum class Kind { StringConcat, Lambda, Other };
  Kind kind = Kind::Other;
  std::string_view name;        // invokedynamic name (e.g. makeConcatWithConstants, run)
  std::string_view descriptor;  // the call site's method type
  std::string bootstrap;        // `owner.name` of the bootstrap method

  // StringConcat: the recipe; \1 marks an argument, \2 the next constant.
  std::string recipe;
  std::vector<uint16_t> constants;  // constant-pool indices for \2, in order

  // Lambda: functional interface (return type of `descriptor`), its method
  // (`name`), the erased interface method type, the implementation method
  // handle and the instantiated type. Captured values are `descriptor`'s
  // parameters.
  std::string_view interface_type;
  std::string_view erased_type;
  classfile::RefKind impl_kind = classfile::RefKind::InvokeStatic;
  classfile::MemberRef impl;
  std::string_view instantiated_type;

  std::string summary() const;  // one line for `jhalt info` and reports
};

// Describes the call site of constant-pool entry `index` (a CONSTANT_InvokeDynamic).
// Throws FormatError if the entry or its bootstrap method is malformed.
CallSite describeCallSite(const classfile::ClassFile& cls, uint16_t index);

}  // namespace jhalt::program
