// The classes of the values an application's code may store in its fields:
// a flow-insensitive variable type analysis (Sundaresan et al., "Practical
// virtual method call resolution for Java", OOPSLA 2000, in its simplest
// form) over the closed world of a program run from main. A field of
// declared type Node that only ever receives `new Nil()` and `new
// Internal(..)` never holds the third subclass Div, and an Object field
// that only receives `new Content(..)` holds nothing that can reach a list
// node.
//
// What the analysis assumes (docs/design/termination.md §9, "Stored
// values"): the application's fields are written by its own putfield and
// putstatic instructions only. Reflection, deserialization and Unsafe write
// them from library code; a caller must not use the result for a run that
// hands application objects to library code it does not follow, or gets
// one back from it (deserialization builds objects whose fields no putfield
// wrote; the SEG evaluator counts both kinds of call,
// Evaluator::libraryCallbacks).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/program/program.h"

namespace jhalt::program {

struct FieldValueOptions {
  // Work bound (instructions interpreted, over all rounds): past it nothing
  // is known.
  size_t max_steps = 2'000'000;
  size_t max_rounds = 64;
  // A value that may have more classes than this may have any.
  size_t max_classes = 24;
};

struct FieldValues {
  // "owner.name:descriptor" (owner: the declaring application class) of a
  // reference field -> the classes (internal names, array descriptors) of
  // every non-null value stored into it, sorted. A field not listed may hold
  // any value of its declared type.
  std::map<std::string, std::vector<std::string>, std::less<>> known;
  std::string why_not;  // when nothing is known: why
  size_t steps = 0;     // instructions interpreted
};

std::string fieldKey(std::string_view owner, std::string_view name, std::string_view descriptor);

FieldValues storedFieldValues(Program& program, const std::vector<const ClassInfo*>& application,
                              const FieldValueOptions& options = {});

}  // namespace jhalt::program
