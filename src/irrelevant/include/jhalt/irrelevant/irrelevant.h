// Irrelevant-code detection on a symbolic execution graph (thesis 002,
// Ch. 4; design in docs/design/irrelevant.md).
//
// The user names the outcomes that matter (the value the entry returns, its
// uncaught exceptions, what library calls do outside the program, the final
// values of static fields, every write of given instance fields). An
// instruction is relevant when its effect can reach one of them along the
// graph: through locals, the operand stack, statics and heap objects (data,
// thesis §4.3.1, with the graph's sharing predicates deciding which writes
// can reach a relevant object), through a branch whose outcome decides
// whether relevant code runs (control, §4.3.2, computed as classic control
// dependence on each method's control flow restricted to the graph's edges),
// through a call whose callee runs relevant code (§4.3.3) and through an
// exception that may skip relevant code or is itself an outcome (§4.3.4).
// Everything else is irrelevant; instructions the graph never reaches are
// irrelevant too when the graph is complete. Like the thesis (§4.3.2,
// Example 4.13), the analysis ignores termination: a loop that only
// computes irrelevant values is irrelevant even if it may not terminate.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "jhalt/seg/graph.h"

namespace jhalt::program {
class MethodInfo;
}
namespace jhalt::state {
class TypeSystem;
}

namespace jhalt::irrelevant {

// What the user cares about (`--relevant`).
struct Outcomes {
  bool return_value = true;  // the entry's return value (with what it reaches)
  bool exceptions = true;    // uncaught exceptions (type and contents)
  bool output = true;        // library calls that may act outside the program (I/O, threads, ...)
  std::vector<std::string> statics;  // internal `pkg/C.f`: the final value (with what it reaches)
  std::vector<std::string> fields;   // internal `pkg/C.f`: every write of this instance field
};

struct Options {
  Outcomes outcomes;
  // The graph stopped early (unsupported feature, recursion, resource
  // limit): every unfinished leaf may go on to do anything relevant, and
  // code the graph does not reach is not reported.
  bool graph_complete = true;
  // Debug output: per instruction of every method, why it is relevant.
  std::function<void(const std::string&)> trace;
};

enum class Status : uint8_t {
  Relevant,
  Irrelevant,
  Neutral,  // thesis §4.4: stack shuffling, jumps, `new`, void returns, mandatory constructor calls
};

enum class Reason : uint8_t {
  None,              // relevant or neutral
  NeverExecuted,     // no state of the graph is at this instruction
  Overwritten,       // writes a local that is written again before any read
  NeverUsed,         // writes values nothing reads
  FeedsIrrelevant,   // its values are read only by irrelevant code
  ControlsIrrelevant,  // a branch (or a possible exception) that decides only irrelevant code
};
std::string_view reasonText(Reason r);

struct InstructionResult {
  uint32_t offset = 0;
  uint32_t index = 0;   // position in the method's instruction list
  int32_t line = -1;
  Status status = Status::Relevant;
  Reason reason = Reason::None;
  // A branch or switch the graph always decides the same way: the index of
  // the instruction it always continues at (code replacing an irrelevant
  // branch must keep that direction), else -1.
  int32_t decided = -1;
};

struct MethodResult {
  const program::MethodInfo* method = nullptr;
  std::vector<InstructionResult> instructions;  // one per instruction, in code order
};

// Source lines whose code is irrelevant: every instruction on the line that
// is not neutral is irrelevant, and there is at least one.
struct LineGroup {
  Reason reason = Reason::None;
  std::vector<int32_t> lines;
  std::vector<std::pair<int32_t, int32_t>> ranges;  // consecutive code lines of `lines`
  std::vector<uint32_t> offsets;                    // irrelevant instructions on these lines
  std::vector<uint32_t> indices;                    // their positions in the instruction list
};
std::vector<LineGroup> irrelevantLines(const MethodResult& m);

struct Result {
  std::vector<MethodResult> methods;  // application methods the graph enters, by name
  std::vector<std::string> notes;     // assumptions and limits, one line each
  size_t relevant_states = 0;
  size_t states = 0;
  size_t rounds = 0;  // data/control iterations until stable
};

// `graph` must be alive (not cut below its nodes after it was built).
Result analyze(const seg::Graph& graph, state::TypeSystem& types, const Options& options);

}  // namespace jhalt::irrelevant
