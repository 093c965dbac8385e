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
  const size_t wraps_before = ev.wraps();
  const size_t overflows = ev.overflows();
  State s = std::move(start);
  // Loop-head states seen so far, by hash; the full canonical text is kept
  // to rule out collisions, up to a memory bound.
  std::unordered_map<uint64_t, std::vector<std::pair<size_t, std::string>>> seen;
  size_t stored_bytes = 0;
  constexpr size_t kMaxStoredBytes = size_t{32} << 20;
  // Repetitions modulo increment-only locals count only while the run stays
  // inside the loop: one tracker per (frame depth, loop), with an epoch that
  // changes whenever the run leaves the loop.
  struct Tracker {
    size_t depth;
    const program::MethodCode* code;
    const bytecode::Loop* loop;
    std::vector<bool> mask;
    uint64_t epoch;
  };
  std::vector<Tracker> trackers;
  uint64_t epochs = 0;
  // At a loop head: the step of an earlier visit (same epoch) that agrees
  // modulo the loop's increment-only locals, and those locals' numbers.
  auto maskedRepetition = [&](const State& st, size_t step) -> std::optional<std::pair<size_t, std::vector<size_t>>> {
    const program::MethodCode& code = st.top().method->code();
    const bytecode::Loop* loop = loopWithHead(code, st.top().pc);
    if (!loop) return std::nullopt;
    Tracker* t = nullptr;
    for (Tracker& x : trackers)
      if (x.depth == st.frames.size() && x.loop == loop) t = &x;
    if (!t) {
      std::vector<bool> mask = incrementOnlyLocals(code, *loop);
      if (std::find(mask.begin(), mask.end(), true) == mask.end()) return std::nullopt;
      trackers.push_back(Tracker{st.frames.size(), &code, loop, std::move(mask), ++epochs});
      t = &trackers.back();
    }
    std::string key = fmt::format("M{}|", t->epoch) + canonicalForm(st, ev.types(), &t->mask);
    auto& bucket = seen[std::hash<std::string>{}(key)];
    for (const auto& [first, text] : bucket)
      if (text == key) {
        std::vector<size_t> ignored;
        for (size_t k = 0; k < t->mask.size(); ++k)
          if (t->mask[k]) ignored.push_back(k);
        return std::make_pair(first, ignored);
      }
    stored_bytes += key.size();
    bucket.emplace_back(step, std::move(key));
    return std::nullopt;
  };
  for (size_t step = 0;; ++step) {
    res.steps = step;
    res.max_depth = std::max(res.max_depth, s.frames.size());
    if (!trackers.empty())
      std::erase_if(trackers, [&](const Tracker& t) {
        if (s.frames.size() < t.depth) return true;
        if (s.frames.size() > t.depth) return false;  // inside a callee
        const state::Frame& f = s.top();
        return &f.method->code() != t.code || !inLoop(*t.code, *t.loop, f.pc);
      });
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
      if (auto masked = maskedRepetition(s, step)) {
        res.outcome = RunResult::Outcome::Cycle;
        res.cycle_method = s.top().method;
        res.cycle_pc = s.top().pc;
        res.cycle_start = masked->first;
        res.cycle_period = step - masked->first;
        res.cycle_ignored = masked->second;
        break;
      }
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
    if (ev.overflows() != overflows) {
      res.outcome = RunResult::Outcome::NotConcrete;
      res.reason = "a mathematical integer beyond 64 bits";
      res.overflowed = true;
      break;
    }
    State next = std::move(r.successors.front().state);
    if (next.exception != kNone && s.exception == kNone) {
      res.exception_method = s.top().method;
      res.exception_pc = s.top().pc;
      res.raise_state = s;
    }
    s = std::move(next);
  }
  res.last = std::move(s);
  res.wraps = ev.wraps() - wraps_before;
  return res;
}

}  // namespace jhalt::concrete
