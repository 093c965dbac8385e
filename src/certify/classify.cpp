#include "jhalt/certify/classify.h"

#include <map>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/classfile/descriptor.h"
#include "origins.h"

namespace jhalt::certify {
namespace {

class NullTracer {
 public:
  NullTracer(const state::State& s, program::Program& program) : s_(s), origins_(program) {}

  // Is the value `depth` slots below the top of frame `index`'s operand
  // stack (before its current instruction) derived only from the entry's
  // inputs, through the calls on the stack? With `through_field`: and read
  // from a field of an input object on the way.
  bool fromInput(size_t index, size_t depth, bool through_field = false) {
    const state::Frame& f = s_.frames[index];
    auto o = origins_.stack(*f.method, f.pc, depth);
    if (!o || !o->fromParams()) return false;
    if (o->field) through_field = false;  // found one
    if (index + 1 == s_.frames.size()) return !through_field;  // the entry: its parameters are the input
    // A callee: the parameters it derives from are arguments of the call in
    // its caller, which must come from the input as well.
    const state::Frame& callee = f;
    auto mt = classfile::parseMethodDescriptor(callee.method->descriptor());
    if (!mt) return false;
    size_t total = static_cast<size_t>(mt->paramSlots()) + (callee.method->isStatic() ? 0 : 1);
    for (size_t k = 0; k < 64 && k < total; ++k)
      if ((o->params >> k) & 1)
        if (!fromInput(index + 1, total - 1 - k, through_field)) return false;
    return true;
  }

 private:
  const state::State& s_;
  OriginAnalysis origins_;
};

}  // namespace

engine::Cause classify(const state::State& s, std::string_view exception, program::Program& program) {
  if (s.frames.empty()) return engine::Cause::Runtime;
  const state::Frame& top = s.frames.front();
  const program::MethodCode& code = top.method->code();
  int32_t idx = code.bytecode.indexAt(top.pc);
  if (idx < 0) return engine::Cause::Runtime;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(idx));
  if (insn.opcode == bytecode::op::kAthrow && !top.stack.empty() && top.stack.back() != state::kNull)
    return engine::Cause::ExplicitThrow;
  if (exception != "java/lang/NullPointerException") {
    // Raised on a value from a field of an input object (a state its
    // constructors may never produce)?
    NullTracer tracer(s, program);
    for (size_t slot : decisiveSlots(*top.method, top.pc))
      if (tracer.fromInput(0, slot, true)) return engine::Cause::ObjectState;
    return engine::Cause::Runtime;
  }
  auto depth = dereferencedSlot(*top.method, top.pc);
  if (!depth) return engine::Cause::Runtime;
  return NullTracer(s, program).fromInput(0, *depth) ? engine::Cause::NullArgument : engine::Cause::Runtime;
}

}  // namespace jhalt::certify
