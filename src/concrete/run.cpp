#include "jhalt/concrete/run.h"

#include <algorithm>
#include <map>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include <fmt/format.h>

#include "jhalt/program/program.h"

namespace jhalt::concrete {
namespace {

using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

bool atLoopHead(const State& s) {
  if (s.frames.empty() || s.exception != kNone) return false;
  const program::MethodCode& code = s.top().method->code();
  int32_t idx = code.bytecode.indexAt(s.top().pc);
  return idx >= 0 && code.loop_head[static_cast<size_t>(idx)];
}

// Local slots that the natural loop never reads except to increment them
// (`length++` in a loop that walks a list): the loop's control flow, heap
// and other values cannot depend on them, so two visits of its head that
// agree on everything else, without leaving the loop in between, repeat
// forever. (A determinism argument, like the exact repetition.)
std::vector<bool> incrementOnlyLocals(const program::MethodCode& code, const bytecode::Loop& loop) {
  std::vector<bool> read(code.attribute.max_locals + 2, false);
  for (uint32_t b : loop.blocks) {
    const auto& block = code.cfg.blocks()[b];
    for (uint32_t i = block.first; i <= block.last; ++i) {
      const bytecode::Instruction& insn = code.bytecode.at(i);
      auto fam = insn.family();
      if (fam != bytecode::Family::LocalLoad && fam != bytecode::Family::Subroutine) continue;
      auto slot = static_cast<size_t>(insn.operand);
      if (slot < read.size()) read[slot] = true;
      char kind = insn.info().mnemonic.front();
      if ((kind == 'l' || kind == 'd') && slot + 1 < read.size()) read[slot + 1] = true;
    }
  }
  std::vector<bool> masked(code.attribute.max_locals, false);
  for (size_t k = 0; k < masked.size(); ++k) masked[k] = !read[k];
  return masked;
}

const bytecode::Loop* loopWithHead(const program::MethodCode& code, uint32_t pc) {
  int32_t idx = code.bytecode.indexAt(pc);
  if (idx < 0) return nullptr;
  uint32_t block = code.cfg.blockOfInstruction(static_cast<uint32_t>(idx));
  for (const auto& l : code.loops)
    if (l.header == block && l.reducible) return &l;
  return nullptr;
}

bool inLoop(const program::MethodCode& code, const bytecode::Loop& loop, uint32_t pc) {
  int32_t idx = code.bytecode.indexAt(pc);
  if (idx < 0) return false;
  uint32_t block = code.cfg.blockOfInstruction(static_cast<uint32_t>(idx));
  return std::binary_search(loop.blocks.begin(), loop.blocks.end(), block);
}

}  // namespace

const state::Frame& reportedFrame(const State& s) {
  for (const state::Frame& f : s.frames)
    if (f.method->owner().origin() == classpath::Origin::Application) return f;
  return s.frames.front();
}

std::string canonicalForm(const State& s, state::TypeSystem& types) { return canonicalForm(s, types, nullptr); }

std::string canonicalForm(const State& s, state::TypeSystem& types, const std::vector<bool>* mask_top) {
  std::map<Ref, size_t> ids;
  std::vector<Ref> order;
  std::string out;
  auto name = [&](Ref r) -> std::string {
    if (r == kNull) return "n";
    if (r == kNone) return "-";
    const HeapValue* v = s.find(r);
    if (v && v->kind == HeapValue::Kind::Integer)  // a value not known exactly never repeats
      return v->interval.isPoint() ? fmt::format("#{}", v->interval.lo) : fmt::format("?{}", r);
    if (v && v->kind == HeapValue::Kind::Float) return v->literal ? fmt::format("f{}", *v->literal) : "f?";
    auto [it, inserted] = ids.emplace(r, ids.size());
    if (inserted) order.push_back(r);
    return fmt::format("@{}", it->second);
  };
  for (size_t fi = 0; fi < s.frames.size(); ++fi) {
    const state::Frame& f = s.frames[fi];
    const bool top = fi == 0;  // frames[0] is the current frame
    out += fmt::format("F{}:{}|", static_cast<const void*>(f.method), f.pc);
    for (size_t k = 0; k < f.locals.size(); ++k) {
      Ref r = f.locals[k];
      const HeapValue* v = r == kNull || r == kNone ? nullptr : s.find(r);
      if (top && mask_top && k < mask_top->size() && (*mask_top)[k] && v && v->kind == HeapValue::Kind::Integer)
        out += "*,";  // an increment-only local of the loop (see incrementOnlyLocals)
      else
        out += name(r) + ",";
    }
    out += "|";
    for (Ref r : f.stack) out += name(r) + ",";
  }
  out += "S";
  for (const auto& [f, r] : s.statics) out += fmt::format("{}={},", f, name(r));
  out += "P";
  for (const auto& [f, r] : s.string_pool) out += fmt::format("{}={},", f, name(r));
  out += "E" + name(s.exception);
  for (const auto& [c, st] : s.init) out += fmt::format("I{}:{}", c, static_cast<int>(st));
  // Objects in order of first appearance; new ones are appended as found.
  for (size_t k = 0; k < order.size(); ++k) {
    const HeapValue& v = s.at(order[k]);
    out += fmt::format("O{}:{}", k, types.describe(v.type));
    for (const auto& [f, r] : v.fields) out += fmt::format(" {}={}", f, name(r));
    if (v.kind == HeapValue::Kind::Array) {
      out += " len=" + name(v.length);
      for (Ref e : v.elements) out += " " + name(e);
    }
  }
  return out;
}

namespace {

// The exact repetitions of loop-head states in one run, and repetitions
// modulo a loop's increment-only locals, which count only while the run
// stays inside the loop: one tracker per (frame depth, loop), with an epoch
// that changes whenever the run leaves the loop. States are kept by hash
// with their full canonical text (no collisions), up to a memory bound.
class Repetitions {
 public:
  explicit Repetitions(state::TypeSystem& types) : types_(types) {}

  struct Found {
    size_t first;                 // the step of the earlier visit
    std::vector<size_t> ignored;  // masked locals (empty: exact)
  };

  bool full() const { return stored_bytes_ >= kMaxStoredBytes; }

  // Trackers of loops the run has left are dropped.
  void leaveLoops(const State& s) {
    if (trackers_.empty()) return;
    std::erase_if(trackers_, [&](const Tracker& t) {
      if (s.frames.size() < t.depth) return true;
      if (s.frames.size() > t.depth) return false;  // inside a callee
      const state::Frame& f = s.top();
      return &f.method->code() != t.code || !inLoop(*t.code, *t.loop, f.pc);
    });
  }

  // At a loop head: an earlier visit that `s` repeats, exactly or masked.
  std::optional<Found> check(const State& s, size_t step) {
    if (auto first = remember(canonicalForm(s, types_), step)) return Found{*first, {}};
    return masked(s, step);
  }

 private:
  static constexpr size_t kMaxStoredBytes = size_t{32} << 20;
  struct Tracker {
    size_t depth;
    const program::MethodCode* code;
    const bytecode::Loop* loop;
    std::vector<bool> mask;
    uint64_t epoch;
  };

  std::optional<size_t> remember(std::string key, size_t step) {
    auto& bucket = seen_[std::hash<std::string>{}(key)];
    for (const auto& [first, text] : bucket)
      if (text == key) return first;
    stored_bytes_ += key.size();
    bucket.emplace_back(step, std::move(key));
    return std::nullopt;
  }

  std::optional<Found> masked(const State& s, size_t step) {
    const program::MethodCode& code = s.top().method->code();
    const bytecode::Loop* loop = loopWithHead(code, s.top().pc);
    if (!loop) return std::nullopt;
    Tracker* t = nullptr;
    for (Tracker& x : trackers_)
      if (x.depth == s.frames.size() && x.loop == loop) t = &x;
    if (!t) {
      std::vector<bool> mask = incrementOnlyLocals(code, *loop);
      if (std::find(mask.begin(), mask.end(), true) == mask.end()) return std::nullopt;
      trackers_.push_back(Tracker{s.frames.size(), &code, loop, std::move(mask), ++epochs_});
      t = &trackers_.back();
    }
    auto first = remember(fmt::format("M{}|", t->epoch) + canonicalForm(s, types_, &t->mask), step);
    if (!first) return std::nullopt;
    Found f{*first, {}};
    for (size_t k = 0; k < t->mask.size(); ++k)
      if (t->mask[k]) f.ignored.push_back(k);
    return f;
  }

  state::TypeSystem& types_;
  std::unordered_map<uint64_t, std::vector<std::pair<size_t, std::string>>> seen_;
  size_t stored_bytes_ = 0;
  std::vector<Tracker> trackers_;
  uint64_t epochs_ = 0;
};

// One step of a concrete run; false (with the outcome set) when the run
// cannot go on exactly.
bool advance(seg::Evaluator& ev, State& s, size_t overflows, RunResult& res) {
  seg::StepResult r = ev.step(s);
  if (r.unsupported) {
    res.outcome = RunResult::Outcome::NotConcrete;
    res.reason = r.reason;
    return false;
  }
  if (r.successors.size() != 1 || r.successors.front().kind != seg::Successor::Kind::Eval) {
    res.outcome = RunResult::Outcome::NotConcrete;
    res.reason = s.finished() ? "the state needs a case analysis (unknown values)"
                              : fmt::format("the state needs a case analysis (unknown values) at {} pc {}",
                                            s.top().method->qualifiedName(), s.top().pc);
    return false;
  }
  if (ev.overflows() != overflows) {
    res.outcome = RunResult::Outcome::NotConcrete;
    res.reason = "a mathematical integer beyond 64 bits";
    res.overflowed = true;
    return false;
  }
  State next = std::move(r.successors.front().state);
  if (next.exception != kNone && s.exception == kNone) {
    res.exception_method = s.top().method;
    res.exception_pc = s.top().pc;
    res.raise_state = s;
  }
  s = std::move(next);
  return true;
}

}  // namespace

RunResult run(seg::Evaluator& ev, State start, const RunOptions& options,
              const std::function<bool(const State&, size_t)>& observe) {
  RunResult res;
  const size_t wraps_before = ev.wraps(), overflows = ev.overflows();
  State s = std::move(start);
  Repetitions repetitions(ev.types());
  for (size_t step = 0;; ++step) {
    res.steps = step;
    res.max_depth = std::max(res.max_depth, s.frames.size());
    repetitions.leaveLoops(s);
    if (observe && observe(s, step)) {
      res.outcome = RunResult::Outcome::Stopped;
      break;
    }
    if (s.finished()) {
      res.outcome = s.exception != kNone ? RunResult::Outcome::Exception : RunResult::Outcome::Returned;
      if (s.exception != kNone) {
        const auto& bounds = s.at(s.exception).type.bounds;
        res.exception_class = bounds.empty() ? "?" : ev.types().name(bounds.front().type);
      }
      break;
    }
    if (step >= options.max_steps || s.heap.size() > options.max_heap) {
      res.outcome = RunResult::Outcome::StepLimit;
      break;
    }
    if (options.max_depth > 0 && s.frames.size() > options.max_depth) {
      res.outcome = RunResult::Outcome::StepLimit;
      res.deep = true;
      break;
    }
    if ((step & 15) == 15 && std::chrono::steady_clock::now() > options.deadline) {
      res.outcome = RunResult::Outcome::StepLimit;
      res.timed_out = true;
      break;
    }
    // Repetitions are looked for at the loop heads of the frame a report
    // names (application code): a run stuck in a loop that calls a library
    // model repeats there too, and the user reads their own loop.
    if (options.detect_cycles && !repetitions.full() && atLoopHead(s) && &reportedFrame(s) == &s.frames.front())
      if (auto found = repetitions.check(s, step)) {
        res.outcome = RunResult::Outcome::Cycle;
        res.cycle_method = s.top().method;
        res.cycle_pc = s.top().pc;
        res.cycle_start = found->first;
        res.cycle_period = step - found->first;
        res.cycle_ignored = std::move(found->ignored);
        break;
      }
    if (!advance(ev, s, overflows, res)) break;
  }
  res.last = std::move(s);
  res.wraps = ev.wraps() - wraps_before;
  return res;
}

}  // namespace jhalt::concrete
