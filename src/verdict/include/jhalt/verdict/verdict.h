// The verdict every engine reports (so that the command line can run
// engines as a portfolio and print any of them): the answer, and the
// findings with their certificates (witness inputs, replay results, proof
// text), plus what could not be decided and why.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jhalt/concrete/witness.h"

namespace jhalt::verdict {

enum class Answer { Yes, No, Maybe };
std::string_view answerName(Answer a);  // YES, NO, MAYBE

struct Location {
  std::string method;       // pkg/C.m(I)V
  std::string source_file;  // C.java, if known
  int line = -1;
  uint32_t pc = 0;
};

struct NonTermination {
  Location loop;            // the loop head (or the recursive call)
  std::string kind;         // "looping", "non-looping", "recursion"
  concrete::Witness witness;
  std::string semantics;    // "jvm" (valid with 32/64-bit integers) or "math"
  std::string replay;       // what the replay on the JVM showed
  std::string proof;        // human-readable argument
};

struct ExceptionFinding {
  std::string exception;    // internal class name
  Location where;           // the throwing instruction
  concrete::Witness witness;
  std::string replay;
};

struct Verdict {
  Answer answer = Answer::Maybe;
  std::string engine;
  std::vector<NonTermination> nonterminating;
  std::vector<ExceptionFinding> exceptions;
  std::vector<std::string> undecided;  // reasons, one line each
  double seconds = 0;
  std::vector<std::string> internal_errors;  // claims that replay refuted (never printed as results)
};

nlohmann::json toJson(const Verdict& v);
std::string toText(const Verdict& v);
// Location of an instruction of a method, with its source line.
Location locate(const program::MethodInfo& m, uint32_t pc);

}  // namespace jhalt::verdict
