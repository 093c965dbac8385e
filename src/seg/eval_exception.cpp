// Exceptions: runtime exceptions raised by the JVM, athrow, and the search
// for a handler in the current and calling frames (JVMS §2.10, §6.5 athrow;
// thesis 002, Def. 1.1: the exception component).
#include <fmt/format.h>

#include "eval_internal.h"
#include "jhalt/util/error.h"

namespace jhalt::seg::detail {

StepResult raise(Ctx& c, std::string_view cls) {
  state::TypeSystem& ts = c.ev.types();
  // The object the JVM creates; its fields (message, cause) are not tracked.
  Ref e = c.newObject(ts.exactly(ts.intern(cls)));
  c.out.exception = e;
  c.label.raised = std::string(cls);
  return c.finish();
}

StepResult evalThrow(Ctx& c) {
  Ref r = c.peek(0);
  if (auto res = requireNonNull(c, r)) return std::move(*res);
  c.out.exception = r;
  return c.finish();
}

StepResult handleException(Evaluator& ev, const State& s) {
  state::TypeSystem& ts = ev.types();
  Ref e = s.exception;
  const state::AbstractType& type = s.at(e).type;
  const Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  const classfile::ConstantPool& cp = f.method->owner().file().pool;
  for (const auto& h : code.attribute.handlers) {
    if (f.pc < h.start_pc || f.pc >= h.end_pc) continue;
    if (h.catch_type != 0) {
      state::TypeId catch_type = ts.intern(cp.className(h.catch_type));
      if (ts.noneSubtypeOf(type, catch_type)) continue;
      if (!ts.allSubtypesOf(type, catch_type))
        return refinedTo(state::refineType(s, e, {ts.restrictTo(type, catch_type), ts.exclude(type, catch_type)}),
                         {e});
    }
    State out = s;
    out.split = -1;
    out.exception = kNone;
    out.top().stack.assign(1, e);
    out.top().pc = h.handler_pc;
    out.collectGarbage();
    StepResult r;
    r.successors.push_back(Successor{Successor::Kind::Eval, std::move(out), EvalLabel{}, {}});
    return r;
  }
  // No handler here: the frame is popped and the search goes on in the caller.
  if (f.method->name() == "<clinit>")
    return unsupported(fmt::format("exception in the static initializer of {} (ExceptionInInitializerError)",
                                   f.method->owner().name()));
  State out = s;
  out.split = -1;
  out.frames.erase(out.frames.begin());
  out.collectGarbage();
  StepResult r;
  r.successors.push_back(Successor{Successor::Kind::Eval, std::move(out), EvalLabel{}, {}});
  return r;
}

}  // namespace jhalt::seg::detail
