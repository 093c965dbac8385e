#include "jhalt/certify/classify.h"

#include <map>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/classfile/descriptor.h"
#include "origins.h"

namespace jhalt::certify {
namespace {

class NullTracer {
 public:
  explicit NullTracer(const state::State& s) : s_(s) {}

  // Is the reference `depth` slots below the top of frame `index`'s operand
  // stack (before its current instruction) derived only from the entry's
  // inputs, through the calls on the stack?
  bool fromInput(size_t index, size_t depth) {
    const state::Frame& f = s_.frames[index];
    auto o = origins(*f.method).stack(f.pc, depth);
    if (!o || !o->fromParams()) return false;
    if (index + 1 == s_.frames.size()) return true;  // the entry: its parameters are the input
    // A callee: the parameters it derives from are arguments of the call in
    // its caller, which must come from the input as well.
    const state::Frame& callee = f;
    auto mt = classfile::parseMethodDescriptor(callee.method->descriptor());
    if (!mt) return false;
    size_t total = static_cast<size_t>(mt->paramSlots()) + (callee.method->isStatic() ? 0 : 1);
    for (size_t k = 0; k < 64 && k < total; ++k)
      if ((o->params >> k) & 1)
        if (!fromInput(index + 1, total - 1 - k)) return false;
    return true;
  }

 private:
  const Origins& origins(const program::MethodInfo& m) {
    auto it = cache_.find(&m);
    if (it == cache_.end()) it = cache_.emplace(&m, std::make_unique<Origins>(m)).first;
    return *it->second;
  }
  const state::State& s_;
  std::map<const program::MethodInfo*, std::unique_ptr<Origins>> cache_;
};

}  // namespace

engine::Cause classify(const state::State& s, std::string_view exception) {
  if (s.frames.empty()) return engine::Cause::Runtime;
  const state::Frame& top = s.frames.front();
  const program::MethodCode& code = top.method->code();
  int32_t idx = code.bytecode.indexAt(top.pc);
  if (idx < 0) return engine::Cause::Runtime;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(idx));
  if (insn.opcode == bytecode::op::kAthrow && !top.stack.empty() && top.stack.back() != state::kNull)
    return engine::Cause::ExplicitThrow;
  if (exception != "java/lang/NullPointerException") return engine::Cause::Runtime;
  auto depth = dereferencedSlot(*top.method, top.pc);
  if (!depth) return engine::Cause::Runtime;
  return NullTracer(s).fromInput(0, *depth) ? engine::Cause::NullArgument : engine::Cause::Runtime;
}

}  // namespace jhalt::certify
