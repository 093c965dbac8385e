// The fixpoint of the relevance analysis (thesis 002, Alg. 17 with §4.3.2-
// §4.3.4), the classification of instructions (§4.4) and source lines.
#include "jhalt/irrelevant/irrelevant.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "control.h"
#include "demand.h"
#include "jhalt/program/program.h"
#include "jhalt/state/types.h"
#include "jhalt/util/error.h"
#include "transfer.h"

namespace jhalt::irrelevant {

using detail::Demands;
using detail::Key;
using state::kNone;
using state::Ref;
using state::State;

std::string_view reasonText(Reason r) {
  switch (r) {
    case Reason::None: return "";
    case Reason::NeverExecuted: return "never executed";
    case Reason::Overwritten: return "overwritten before use";
    case Reason::NeverUsed: return "result never used";
    case Reason::FeedsIrrelevant: return "only feeds irrelevant code";
    case Reason::ControlsIrrelevant: return "only decides irrelevant code";
  }
  return "";
}

namespace {

using Flows = std::map<const program::MethodInfo*, detail::MethodFlow>;

uint32_t indexOfPc(const program::MethodInfo& m, uint32_t pc) {
  int32_t i = m.code().bytecode.indexAt(pc);
  return i < 0 ? 0 : static_cast<uint32_t>(i);
}

bool isObject(const State& s, Ref r) {
  const state::HeapValue* v = r == state::kNull || r == kNone ? nullptr : s.find(r);
  return v && v->isObject();
}

class Analysis {
 public:
  Analysis(const seg::Graph& g, state::TypeSystem& ts, const Options& o)
      : g_(g), ts_(ts), options_(o), transfer_(g, ts, o.outcomes), flows_(detail::methodFlows(g)) {}

  Result run();

 private:
  // Demands of the outcomes at a program end, or of everything at a leaf
  // the graph did not expand.
  Demands initial(seg::NodeId n, bool& leaf) const;
  // Backward fixpoint; `forced(n)`: n's instruction is relevant anyway.
  template <class Forced>
  void solve(std::vector<Demands>& d, std::vector<char>& rel, Forced forced);
  bool forced(seg::NodeId n) const;
  std::set<std::pair<const program::MethodInfo*, uint32_t>> relevantOps(const std::vector<char>& rel) const;
  MethodResult classify(const program::MethodInfo* m, const detail::MethodFlow& flow, const std::vector<Demands>& live,
                        bool callback_target) const;
  Reason reasonOf(const program::MethodInfo* m, uint32_t index, const detail::MethodFlow& flow,
                  const std::vector<Demands>& live) const;
  bool callbackTarget(const program::MethodInfo& m) const;
  bool updateAhead(const std::vector<char>& rel);
  bool forceThrowing(const std::vector<char>& rel);
  void traceOps(const std::vector<char>& rel) const;

  const seg::Graph& g_;
  state::TypeSystem& ts_;
  const Options& options_;
  detail::Transfer transfer_;
  Flows flows_;
  std::map<const program::MethodInfo*, std::vector<char>> forced_;
  std::set<std::pair<const program::MethodInfo*, uint32_t>> relevant_;
  std::map<const program::MethodInfo*, std::vector<std::vector<seg::NodeId>>> states_at_;
  bool library_callbacks_ = false;
  // Per node: a relevant state is reachable before its top frame returns.
  std::vector<char> ahead_;
};

// ahead(n): a relevant state is reachable from n on a path that never
// leaves n's frame (its depth never drops below n's), callees included.
// Backward from the relevant states, each node labelled with the largest
// minimum depth of a path from it to a relevant state; n qualifies when
// that minimum is its own depth. Walking back through a callee that has
// returned carries the smaller depth on to its call site.
bool Analysis::updateAhead(const std::vector<char>& rel) {
  std::vector<char> ahead(g_.nodeSlots(), 0);
  std::vector<int> best(g_.nodeSlots(), -1);  // largest path minimum depth seen
  std::vector<seg::NodeId> work;
  auto depth = [&](seg::NodeId n) { return static_cast<int>(g_.state(n).frames.size()); };
  for (seg::NodeId n : g_.nodes())
    if (rel[n]) ahead[n] = 1, best[n] = depth(n), work.push_back(n);
  while (!work.empty()) {
    seg::NodeId m = work.back();
    work.pop_back();
    for (seg::EdgeId e : g_.inEdges(m)) {
      seg::NodeId p = g_.edge(e).from;
      int through = std::min(best[m], depth(p));
      if (depth(p) <= best[m]) ahead[p] = 1;
      if (through <= best[p]) continue;
      best[p] = through;
      work.push_back(p);
    }
  }
  bool grew = ahead != ahead_;
  ahead_ = std::move(ahead);
  return grew;
}

// An instruction that throws relevantly in some state (a raise edge out of
// a relevant state) is relevant in every state at it, with its operands:
// the value that decides whether it throws (a reference that is not null
// here, an index in bounds there) must not be replaced anywhere (found by
// the held-out corpus: `if (n > 1) s = args[1]; s.length();`).
bool Analysis::forceThrowing(const std::vector<char>& rel) {
  bool grew = false;
  for (seg::NodeId n : g_.nodes()) {
    const State& s = g_.state(n);
    if (!rel[n] || s.finished() || s.exception != kNone) continue;
    bool raises = false;
    for (seg::EdgeId e : g_.outEdges(n)) {
      const State& t = g_.state(g_.edge(e).to);
      if (t.exception != kNone && t.frames.size() >= s.frames.size()) raises = true;
    }
    if (!raises) continue;
    auto it = forced_.find(s.top().method);
    if (it == forced_.end()) continue;
    char& f = it->second[indexOfPc(*s.top().method, s.top().pc)];
    if (!f) f = 1, grew = true;
  }
  return grew;
}

Demands Analysis::initial(seg::NodeId n, bool& leaf) const {
  const State& s = g_.state(n);
  Demands d;
  leaf = false;
  const Outcomes& o = options_.outcomes;
  if (s.finished()) {
    if (o.return_value && s.result != kNone) {
      d.add(detail::result());
      if (isObject(s, s.result)) d.add(detail::object(s.result));
    }
    if (o.exceptions && s.exception != kNone) {
      d.add(detail::exception());
      if (isObject(s, s.exception)) d.add(detail::object(s.exception));
    }
    for (const auto& [f, r] : s.statics) {
      const state::FieldInfo& fi = ts_.fieldInfo(f);
      if (std::find(o.statics.begin(), o.statics.end(), fi.owner + "." + fi.name) == o.statics.end()) continue;
      d.add(detail::staticField(f));
      if (isObject(s, r)) d.add(detail::object(r));
    }
    return d;
  }
  if (!g_.outEdges(n).empty()) return d;
  leaf = true;  // the graph stopped here: anything may follow
  for (size_t k = 0; k < s.frames.size(); ++k) {
    uint32_t f = detail::frameNumber(s, k);
    for (size_t i = 0; i < s.frames[k].locals.size(); ++i) d.add(detail::local(f, static_cast<uint32_t>(i)));
    for (size_t i = 0; i < s.frames[k].stack.size(); ++i) d.add(detail::stack(f, static_cast<uint32_t>(i)));
  }
  for (const auto& [f, r] : s.statics) d.add(detail::staticField(f));
  d.add(detail::exception());
  d.add(detail::result());
  d.add(detail::allObjects());
  return d;
}

bool Analysis::forced(seg::NodeId n) const {
  const State& s = g_.state(n);
  if (s.finished() || s.exception != kNone) return false;
  auto it = forced_.find(s.top().method);
  return it != forced_.end() && it->second[indexOfPc(*s.top().method, s.top().pc)];
}

template <class Forced>
void Analysis::solve(std::vector<Demands>& d, std::vector<char>& rel, Forced forced) {
  std::vector<seg::NodeId> nodes = g_.nodes();
  std::deque<seg::NodeId> work(nodes.rbegin(), nodes.rend());
  std::vector<char> queued(g_.nodeSlots(), 0);
  for (seg::NodeId n : nodes) queued[n] = 1;
  while (!work.empty()) {
    seg::NodeId n = work.front();
    work.pop_front();
    queued[n] = 0;
    bool leaf = false;
    Demands next = initial(n, leaf);
    bool relevant = leaf;
    const bool f = forced(n);
    for (seg::EdgeId e : g_.outEdges(n)) {
      // A call is relevant in this context when its callee runs relevant
      // code (thesis 002, Def. 4.10, per state instead of per opcode).
      seg::NodeId to = g_.edge(e).to;
      bool call = g_.state(to).frames.size() > g_.state(n).frames.size();
      detail::EdgeOutcome out = transfer_.apply(e, d[to], f || (call && to < ahead_.size() && ahead_[to]));
      if (out.infeasible) continue;
      next.merge(out.pre);
      relevant = relevant || out.relevant;
    }
    bool grew = d[n].merge(next);
    if (relevant && !rel[n]) rel[n] = 1, grew = true;
    if (!grew) continue;
    for (seg::EdgeId e : g_.inEdges(n)) {
      seg::NodeId p = g_.edge(e).from;
      if (!queued[p]) queued[p] = 1, work.push_back(p);
    }
  }
}

std::set<std::pair<const program::MethodInfo*, uint32_t>> Analysis::relevantOps(const std::vector<char>& rel) const {
  std::set<std::pair<const program::MethodInfo*, uint32_t>> ops;
  for (seg::NodeId n : g_.nodes()) {
    if (!rel[n]) continue;
    const State& s = g_.state(n);
    if (s.finished()) continue;
    if (g_.outEdges(n).empty()) {  // an unfinished leaf: every call on its stack
      for (const state::Frame& f : s.frames) ops.emplace(f.method, indexOfPc(*f.method, f.pc));
      continue;
    }
    ops.emplace(s.top().method, indexOfPc(*s.top().method, s.top().pc));
  }
  return ops;
}

Result Analysis::run() {
  Result out;
  std::vector<Demands> d(g_.nodeSlots());
  std::vector<char> rel(g_.nodeSlots(), 0);
  for (auto& [m, f] : flows_) forced_[m].assign(f.size, 0);
  for (seg::EdgeId e : g_.edges())
    if (!g_.edge(e).label.library_call.empty()) library_callbacks_ = true;
  for (;;) {
    ++out.rounds;
    solve(d, rel, [this](seg::NodeId n) { return forced(n); });
    relevant_ = relevantOps(rel);
    // Control dependence (§4.3.2): branches deciding relevant code, to a
    // fixpoint over the branches themselves.
    bool grew = false;
    std::vector<std::pair<const program::MethodInfo*, uint32_t>> work(relevant_.begin(), relevant_.end());
    while (!work.empty()) {
      auto [m, i] = work.back();
      work.pop_back();
      auto& forced = forced_[m];
      auto fl = flows_.find(m);
      if (fl == flows_.end()) continue;
      for (uint32_t c : fl->second.controllers[i]) {
        if (forced[c]) continue;
        forced[c] = 1, grew = true;
        work.emplace_back(m, c);
      }
    }
    if (forceThrowing(rel)) grew = true;
    if (updateAhead(rel)) grew = true;
    if (!grew) break;
  }
  for (const auto& [m, f] : forced_)
    for (size_t i = 0; i < f.size(); ++i)
      if (f[i]) relevant_.emplace(m, static_cast<uint32_t>(i));
  // Liveness: what any later instruction reads (for the reasons).
  std::vector<Demands> live(g_.nodeSlots());
  std::vector<char> all(g_.nodeSlots(), 0);
  solve(live, all, [](seg::NodeId) { return true; });
  for (seg::NodeId n : g_.nodes()) {
    const State& s = g_.state(n);
    if (s.finished()) continue;
    states_at_[s.top().method].resize(s.top().method->code().bytecode.size());
    states_at_[s.top().method][indexOfPc(*s.top().method, s.top().pc)].push_back(n);
  }
  if (options_.trace) traceOps(rel);
  for (const auto& [m, flow] : flows_) {
    if (m->owner().origin() != classpath::Origin::Application) continue;
    out.methods.push_back(classify(m, flow, live, library_callbacks_ && callbackTarget(*m)));
  }
  std::sort(out.methods.begin(), out.methods.end(), [](const MethodResult& a, const MethodResult& b) {
    return a.method->qualifiedName() < b.method->qualifiedName();
  });
  out.states = g_.liveNodes();
  for (seg::NodeId n : g_.nodes()) out.relevant_states += rel[n] ? 1 : 0;
  out.notes.push_back("termination is not considered: a loop computing only irrelevant values is irrelevant");
  out.notes.push_back("assumes no VirtualMachineError (OutOfMemoryError, StackOverflowError)");
  if (!options_.graph_complete)
    out.notes.push_back("the graph is incomplete: code it does not reach is not reported, and its unfinished "
                        "states may do anything relevant");
  if (library_callbacks_)
    out.notes.push_back("library calls may call back into application code: methods overriding library "
                        "methods are not reported");
  return out;
}

void Analysis::traceOps(const std::vector<char>& rel) const {
  std::map<std::pair<const program::MethodInfo*, uint32_t>, std::pair<size_t, size_t>> count;  // states, relevant
  for (seg::NodeId n : g_.nodes()) {
    const State& s = g_.state(n);
    if (s.finished()) continue;
    auto& c = count[{s.top().method, indexOfPc(*s.top().method, s.top().pc)}];
    ++c.first;
    c.second += rel[n] ? 1 : 0;
  }
  for (const auto& [m, flow] : flows_) {
    if (m->owner().origin() != classpath::Origin::Application) continue;
    for (uint32_t i = 0; i < flow.size; ++i) {
      const bytecode::Instruction& insn = m->code().bytecode.at(i);
      auto c = count[{m, i}];
      std::string ctl;
      for (uint32_t x : flow.controllers[i]) ctl += " " + std::to_string(m->code().bytecode.at(x).offset);
      options_.trace(m->qualifiedName() + " pc " + std::to_string(insn.offset) + " line " +
                     std::to_string(m->code().line(insn.offset)) + " " + std::string(insn.info().mnemonic) +
                     ": states " + std::to_string(c.first) + ", relevant " + std::to_string(c.second) +
                     (forced_.at(m)[i] ? ", forced" : "") + (relevant_.count({m, i}) ? ", RELEVANT" : "") +
                     (ctl.empty() ? "" : ", controlled by" + ctl));
    }
  }
}

bool Analysis::callbackTarget(const program::MethodInfo& m) const {
  if (m.isStatic() || m.name() == "<init>" || m.name() == "<clinit>") return false;
  std::vector<const program::ClassInfo*> work{&m.owner()};
  std::set<const program::ClassInfo*> seen;
  while (!work.empty()) {
    const program::ClassInfo* c = work.back();
    work.pop_back();
    if (!c || !seen.insert(c).second) continue;
    if (c != &m.owner() && c->origin() != classpath::Origin::Application && c->declaredMethod(m.name(), m.descriptor()))
      return true;
    work.push_back(c->super);
    work.insert(work.end(), c->interfaces.begin(), c->interfaces.end());
  }
  return false;
}

bool neutral(const program::MethodInfo& m, uint32_t index, bool relevant) {
  const bytecode::Bytecode& code = m.code().bytecode;
  const bytecode::Instruction& insn = code.at(index);
  const bytecode::OpcodeInfo& info = insn.info();
  switch (info.family) {
    case bytecode::Family::Nop:
    case bytecode::Family::Stack:
    case bytecode::Family::Jump:
    case bytecode::Family::Subroutine:
    case bytecode::Family::Wide:
    case bytecode::Family::New: return true;
    case bytecode::Family::Return: return info.type == 'V';
    default: break;
  }
  if (relevant) return false;
  // §4.4: a constructor call that does nothing relevant is still required
  // to create the object; so is the `aload_0` right before a constructor's
  // super (or this) call.
  auto isInit = [&](const bytecode::Instruction& i) {
    if (i.info().family != bytecode::Family::Invoke ||
        static_cast<bytecode::InvokeKind>(i.info().sub) != bytecode::InvokeKind::Special)
      return false;
    return m.owner().file().pool.memberRef(static_cast<uint16_t>(i.operand)).name == "<init>";
  };
  if (isInit(insn)) return true;
  return m.name() == "<init>" && info.family == bytecode::Family::LocalLoad && insn.operand == 0 &&
         index + 1 < code.size() && isInit(code.at(index + 1));
}

Reason Analysis::reasonOf(const program::MethodInfo* m, uint32_t index, const detail::MethodFlow& flow,
                          const std::vector<Demands>& live) const {
  const bytecode::Instruction& insn = m->code().bytecode.at(index);
  auto family = insn.info().family;
  if (family == bytecode::Family::Branch || family == bytecode::Family::Switch) return Reason::ControlsIrrelevant;
  bool feeds = false;
  auto states = states_at_.find(m);
  if (states != states_at_.end() && index < states->second.size()) {
    for (seg::NodeId n : states->second[index]) {
      const State& s = g_.state(n);
      if (s.exception != kNone) continue;
      for (seg::EdgeId e : g_.outEdges(n)) {
        if (g_.edge(e).kind != seg::EdgeKind::Eval) continue;
        const Demands& post = live[g_.edge(e).to];
        detail::EdgeOutcome o = transfer_.apply(e, post, false);
        if (g_.state(g_.edge(e).to).frames.size() > s.frames.size()) feeds = true;  // a call
        std::vector<Ref> objects;
        for (Key k : o.written) {
          if (detail::kindOf(k) == detail::Kind::Object) objects.push_back(detail::indexOf(k));
          else if (detail::kindOf(k) != detail::Kind::Exception && post.has(k)) feeds = true;
        }
        if (transfer_.hitsDemanded(s, objects, post)) feeds = true;
      }
    }
  }
  if (feeds) return Reason::FeedsIrrelevant;
  if ((family == bytecode::Family::LocalStore || family == bytecode::Family::Increment) &&
      detail::localWrittenAgain(flow, *m, index, static_cast<uint32_t>(insn.operand)))
    return Reason::Overwritten;
  return Reason::NeverUsed;
}

MethodResult Analysis::classify(const program::MethodInfo* m, const detail::MethodFlow& flow,
                                const std::vector<Demands>& live, bool callback_target) const {
  MethodResult r;
  r.method = m;
  const bytecode::Bytecode& code = m->code().bytecode;
  for (uint32_t i = 0; i < code.size(); ++i) {
    InstructionResult x;
    x.offset = code.at(i).offset;
    x.index = i;
    x.line = m->code().line(x.offset);
    const bool relevant = relevant_.count({m, i}) > 0;
    if (neutral(*m, i, relevant)) {
      x.status = Status::Neutral;
    } else if (relevant || callback_target) {
      x.status = Status::Relevant;
    } else if (!flow.reached[i]) {
      // Unreached code is irrelevant only when the graph covers every run.
      x.status = options_.graph_complete ? Status::Irrelevant : Status::Relevant;
      x.reason = options_.graph_complete ? Reason::NeverExecuted : Reason::None;
    } else {
      x.status = Status::Irrelevant;
      x.reason = reasonOf(m, i, flow, live);
    }
    auto family = code.at(i).info().family;
    if ((family == bytecode::Family::Branch || family == bytecode::Family::Switch) && flow.reached[i] &&
        flow.succ[i].size() == 1 && flow.succ[i][0] < flow.size)
      x.decided = static_cast<int32_t>(flow.succ[i][0]);
    r.instructions.push_back(x);
  }
  return r;
}

}  // namespace

Result analyze(const seg::Graph& graph, state::TypeSystem& types, const Options& options) {
  JHALT_ASSERT(!graph.hasRecursion(), "irrelevant-code detection needs a graph built without recursion");
  Analysis a(graph, types, options);
  return a.run();
}

std::vector<LineGroup> irrelevantLines(const MethodResult& m) {
  // Per code line: its non-neutral instructions.
  std::map<int32_t, std::vector<const InstructionResult*>> lines;
  for (const InstructionResult& x : m.instructions)
    if (x.line >= 0 && x.status != Status::Neutral) lines[x.line].push_back(&x);
  auto rank = [](Reason r) {
    switch (r) {
      case Reason::Overwritten: return 4;
      case Reason::NeverUsed: return 3;
      case Reason::ControlsIrrelevant: return 2;
      case Reason::FeedsIrrelevant: return 1;
      default: return 0;
    }
  };
  std::map<Reason, LineGroup> groups;
  Reason previous = Reason::None;  // reason of the previous code line (None: relevant)
  for (const auto& [line, xs] : lines) {
    bool all_irrelevant = std::all_of(xs.begin(), xs.end(), [](const auto* x) { return x->status == Status::Irrelevant; });
    if (!all_irrelevant) {
      previous = Reason::None;
      continue;
    }
    bool never = std::all_of(xs.begin(), xs.end(), [](const auto* x) { return x->reason == Reason::NeverExecuted; });
    Reason reason = Reason::NeverExecuted;
    if (!never) {
      reason = Reason::FeedsIrrelevant;
      for (const auto* x : xs)
        if (rank(x->reason) > rank(reason)) reason = x->reason;
    }
    LineGroup& g = groups[reason];
    g.reason = reason;
    g.lines.push_back(line);
    for (const auto* x : xs) g.offsets.push_back(x->offset), g.indices.push_back(x->index);
    if (previous == reason && !g.ranges.empty()) g.ranges.back().second = line;
    else g.ranges.emplace_back(line, line);
    previous = reason;
  }
  std::vector<LineGroup> out;
  for (auto& [r, g] : groups) out.push_back(std::move(g));
  return out;
}

}  // namespace jhalt::irrelevant
