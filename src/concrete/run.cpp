#include "jhalt/concrete/run.h"

#include <map>
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

}  // namespace

std::string canonicalForm(const State& s, state::TypeSystem& types) {
  std::map<Ref, size_t> ids;
  std::vector<Ref> order;
  std::string out;
  auto name = [&](Ref r) -> std::string {
    if (r == kNull) return "n";
    if (r == kNone) return "-";
    const HeapValue* v = s.find(r);
    if (v && v->kind == HeapValue::Kind::Integer) return fmt::format("#{}", v->interval.lo);
    if (v && v->kind == HeapValue::Kind::Float) return v->literal ? fmt::format("f{}", *v->literal) : "f?";
    auto [it, inserted] = ids.emplace(r, ids.size());
    if (inserted) order.push_back(r);
    return fmt::format("@{}", it->second);
  };
  for (const state::Frame& f : s.frames) {
    out += fmt::format("F{}:{}|", static_cast<const void*>(f.method), f.pc);
    for (Ref r : f.locals) out += name(r) + ",";
    out += "|";
    for (Ref r : f.stack) out += name(r) + ",";
  }
  out += "S";
  for (const auto& [f, r] : s.statics) out += fmt::format("{}={},", f, name(r));
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

RunResult run(seg::Evaluator& ev, State start, const RunOptions& options,
              const std::function<bool(const State&, size_t)>& observe) {
  RunResult res;
  State s = std::move(start);
  // Loop-head states seen so far, by hash; the full canonical text is kept
  // to rule out collisions, up to a memory bound.
  std::unordered_map<uint64_t, std::vector<std::pair<size_t, std::string>>> seen;
  size_t stored_bytes = 0;
  constexpr size_t kMaxStoredBytes = size_t{32} << 20;
  for (size_t step = 0;; ++step) {
    res.steps = step;
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
    if (step >= options.max_steps ||
        ((step & 15) == 15 && std::chrono::steady_clock::now() > options.deadline) ||
        s.heap.size() > options.max_heap) {
      res.outcome = RunResult::Outcome::StepLimit;
      break;
    }
    if (options.detect_cycles && stored_bytes < kMaxStoredBytes && atLoopHead(s)) {
      std::string key = canonicalForm(s, ev.types());
      uint64_t h = std::hash<std::string>{}(key);
      auto& bucket = seen[h];
      bool repeated = false;
      for (const auto& [first, text] : bucket)
        if (text == key) {
          res.outcome = RunResult::Outcome::Cycle;
          res.cycle_method = s.top().method;
          res.cycle_pc = s.top().pc;
          res.cycle_start = first;
          res.cycle_period = step - first;
          repeated = true;
          break;
        }
      if (repeated) break;
      stored_bytes += key.size();
      bucket.emplace_back(step, std::move(key));
    }
    seg::StepResult r = ev.step(s);
    if (r.unsupported) {
      res.outcome = RunResult::Outcome::NotConcrete;
      res.reason = r.reason;
      break;
    }
    if (r.successors.size() != 1 || r.successors.front().kind != seg::Successor::Kind::Eval) {
      res.outcome = RunResult::Outcome::NotConcrete;
      res.reason = "the state needs a case analysis (unknown values)";
      break;
    }
    State next = std::move(r.successors.front().state);
    if (next.exception != kNone && s.exception == kNone) {
      res.exception_method = s.top().method;
      res.exception_pc = s.top().pc;
    }
    s = std::move(next);
  }
  res.last = std::move(s);
  return res;
}

}  // namespace jhalt::concrete
