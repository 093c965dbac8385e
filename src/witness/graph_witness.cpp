// The path search of witness generation (paper 000, §3, Thm. 5): a
// depth-first walk from the entry state towards the target, nearest edges
// first, that keeps the path condition in the solver (one push per edge)
// and the input graph beside it, and backtracks where the condition becomes
// unsatisfiable or the heap facts contradict each other. Each pass through
// an instance edge starts a new copy of the references ("w0", "w1", ...).
#include "jhalt/witness/graph_witness.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include <fmt/format.h>

#include "input_graph.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/program/program.h"
#include "jhalt/witness/correspondence.h"
#include "jhalt/witness/formula.h"

namespace jhalt::witness {

using detail::InputGraph;
using detail::InputNode;
using detail::Slot;
using smt::Term;
using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

namespace {

// What the path knows at one point: the input graph and which object
// references of the current state stand for which input node.
struct PathState {
  InputGraph in;
  std::map<Ref, int> bound;
  size_t segment = 0;
};

std::string copyLabel(size_t segment) { return fmt::format("w{}", segment); }

}  // namespace

struct GraphWitnessGenerator::Impl {
  const seg::Graph& g;
  state::TypeSystem& types;
  smt::Solver& solver;
  Encoder enc;
  bool main_convention;
  GraphWitnessOptions opt;
  size_t checks = 0;
  size_t target_checks = 0;
  std::vector<uint32_t> dist;  // edges to the current target
  GraphTarget target;
  std::optional<input::Witness> found;

  Impl(const seg::Graph& graph, state::TypeSystem& t, smt::Solver& s, bool bv, bool main, GraphWitnessOptions o)
      : g(graph), types(t), solver(s), enc(s, graph, bv), main_convention(main), opt(o) {}

  void distances() {
    dist.assign(g.nodeSlots(), UINT32_MAX);
    std::deque<seg::NodeId> work{target.node};
    dist[target.node] = 0;
    while (!work.empty()) {
      seg::NodeId n = work.front();
      work.pop_front();
      for (seg::EdgeId e : g.inEdges(n)) {
        seg::NodeId p = g.edge(e).from;
        if (dist[p] != UINT32_MAX) continue;
        dist[p] = dist[n] + 1;
        work.push_back(p);
      }
    }
  }

  bool sat(std::string_view purpose) {
    ++checks;
    ++target_checks;
    return solver.check(purpose) == smt::Result::Sat;
  }

  // --- the input at the entry state -------------------------------------

  Slot slotFor(const State& s, Ref r, const std::string& label, PathState& ps, std::map<Ref, int>& bound) {
    if (r == kNull) {
      InputNode n;
      n.shape = InputNode::Shape::Null;
      return Slot{Slot::Kind::Node, {}, ps.in.add(std::move(n))};
    }
    const HeapValue* v = s.find(r);
    if (!v || v->kind == HeapValue::Kind::Float) return Slot{};
    if (v->kind == HeapValue::Kind::Integer) {
      Term t = enc.var(r, label);
      ps.in.integers.push_back(t);
      return Slot{Slot::Kind::Int, t, -1};
    }
    if (auto it = bound.find(r); it != bound.end()) return Slot{Slot::Kind::Node, {}, it->second};
    InputNode n;
    n.type = v->type;
    if (!s.maybeExisting(r)) n.shape = InputNode::Shape::Object;
    int id = ps.in.add(std::move(n));
    bound[r] = id;
    learn(s, nullptr, r, label, ps, bound);
    return Slot{Slot::Kind::Node, {}, id};
  }

  // The parts of object `r` of `s` that `old` (its value before the edge,
  // or none) did not have: realized fields and a known array length.
  void learn(const State& s, const HeapValue* old, Ref r, const std::string& label, PathState& ps,
             std::map<Ref, int>& bound) {
    const HeapValue& v = s.at(r);
    int n = bound.at(r);
    for (const auto& [f, fr] : v.fields) {
      if ((old && old->field(f) != kNone) || ps.in.at(n).fields.count(f)) continue;
      Slot child = slotFor(s, fr, label, ps, bound);
      ps.in.at(n).fields[f] = child;
    }
    if (v.kind == HeapValue::Kind::Array && v.length != kNull && s.isInteger(v.length) &&
        !ps.in.at(n).length.valid()) {
      Term len = enc.var(v.length, label);
      ps.in.integers.push_back(len);
      ps.in.at(n).length = len;
      // Known contents (e.g. a string literal found equal to an input): each
      // element is a read at its index.
      if (v.has_elements && ps.in.at(n).reads.empty())
        for (size_t k = 0; k < v.elements.size(); ++k) {
          detail::Read read{enc.constant(v.length, static_cast<int64_t>(k)), {}};
          read.value = slotFor(s, v.elements[k], label, ps, bound);
          ps.in.at(n).reads.push_back(read);
        }
    }
  }

  PathState start() {
    PathState ps;
    const State& s = g.state(g.root());
    enc.note(g.root());
    const std::string label = copyLabel(0);
    const state::Frame& f = s.top();
    const program::MethodInfo& m = *f.method;
    size_t slot = 0;
    if (main_convention) {
      ps.in.params.push_back(slotFor(s, f.locals[0], label, ps, ps.bound));
      ps.in.main_args = ps.in.params.back().node;
      ps.in.at(ps.in.main_args).must_exist = true;
      return ps;
    }
    if (!m.isStatic()) {
      ps.in.receiver = slotFor(s, f.locals[slot++], label, ps, ps.bound);
      ps.in.at(ps.in.receiver->node).must_exist = true;
    }
    auto mt = classfile::parseMethodDescriptor(m.descriptor());
    for (const auto& p : mt->params) {
      Ref r = slot < f.locals.size() ? f.locals[slot] : kNone;
      ps.in.params.push_back(r == kNone ? Slot{} : slotFor(s, r, label, ps, ps.bound));
      slot += static_cast<size_t>(p.slots());
    }
    return ps;
  }

  // --- edges ------------------------------------------------------------

  // Refinement edge: null or existing, type, realized parts, equality.
  bool refine(const seg::Edge& edge, PathState& ps, const std::string& label) {
    const State& s1 = g.state(edge.from);
    const State& s2 = g.state(edge.to);
    std::map<Ref, int> next;
    std::map<Ref, Ref> origin;  // y -> x
    for (const auto& [x, y] : correspondence(s1, s2)) {
      auto it = ps.bound.find(x);
      if (it == ps.bound.end()) continue;
      int n = it->second;
      if (y == kNull) {
        if (!ps.in.setShape(n, InputNode::Shape::Null)) return false;
        continue;
      }
      const HeapValue* v = s2.find(y);
      if (!v || !v->isObject()) continue;
      if (auto o = next.find(y); o != next.end() && !ps.in.unite(o->second, n)) return false;
      next[y] = ps.in.find(n);
      origin.emplace(y, x);
      if (!s2.maybeExisting(y) && !ps.in.setShape(n, InputNode::Shape::Object)) return false;
      ps.in.at(n).type = v->type;
    }
    std::vector<Ref> objects;
    for (const auto& [y, n] : next) objects.push_back(y);
    for (Ref y : objects) learn(s2, s1.find(origin.at(y)), y, label, ps, next);
    ps.bound = std::move(next);
    return true;
  }

  // Evaluation edge: array elements the path reads from input arrays.
  void arrays(const seg::Edge& edge, PathState& ps, const std::string& label) {
    const State& s1 = g.state(edge.from);
    const State& s2 = g.state(edge.to);
    if (s1.finished()) return;
    const state::Frame& f = s1.top();
    const program::MethodCode& code = f.method->code();
    int32_t idx = code.bytecode.indexAt(f.pc);
    if (idx < 0) return;
    const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(idx));
    const auto& st = f.stack;
    char type = insn.info().type;
    bool wide = type == 'J' || type == 'D';
    if (insn.family() == bytecode::Family::ArrayStore) {
      size_t depth = wide ? 4 : 3;
      if (st.size() < depth) return;
      if (auto it = ps.bound.find(st[st.size() - depth]); it != ps.bound.end()) ps.in.at(it->second).written = true;
      return;
    }
    if (insn.family() != bytecode::Family::ArrayLoad || st.size() < 2) return;
    Ref arr = st[st.size() - 2], index = st[st.size() - 1];
    auto it = ps.bound.find(arr);
    const HeapValue* av = s1.find(arr);
    if (it == ps.bound.end() || !av || av->has_elements || ps.in.at(it->second).written) return;
    if (s2.finished() || s2.exception != kNone || s2.frames.size() != s1.frames.size()) return;
    const auto& out = s2.top().stack;
    if (out.size() < (wide ? 2u : 1u)) return;
    Ref value = out[out.size() - (wide ? 2 : 1)];
    if (!s1.isInteger(index)) return;
    detail::Read read;
    read.index = enc.var(index, label);
    ps.in.integers.push_back(read.index);
    read.value = slotFor(s2, value, label, ps, ps.bound);
    ps.in.at(it->second).reads.push_back(read);
  }

  // Encodes one edge into the solver (the caller pushed); false when the
  // heap facts contradict each other.
  bool encode(seg::EdgeId e, PathState& ps) {
    const seg::Edge& edge = g.edge(e);
    const std::string label = copyLabel(ps.segment);
    std::vector<Term> phi, psi;
    if (edge.kind == seg::EdgeKind::Instance) {
      enc.invariants(edge.from, label, phi);
      enc.link(e, label, copyLabel(ps.segment + 1), psi);
      std::map<Ref, int> next;
      for (const auto& [x, y] : edge.instance)
        if (auto it = ps.bound.find(x); it != ps.bound.end()) next[y] = it->second;
      ps.bound = std::move(next);
      ++ps.segment;
    } else {
      enc.path(Path{e}, label, phi, psi);
    }
    for (const Term& t : phi) solver.add(t);
    for (const Term& t : psi) solver.add(t);
    if (edge.kind == seg::EdgeKind::Refine) return refine(edge, ps, label);
    if (edge.kind == seg::EdgeKind::Eval) arrays(edge, ps, label);
    return true;
  }

  // --- the search -------------------------------------------------------

  bool finish(seg::NodeId n, PathState& ps) {
    const std::string label = copyLabel(ps.segment);
    std::vector<Term> at;
    enc.invariants(n, label, at);
    if (target.region.valid()) {
      at.push_back(target.region);
      for (const auto& [r, v] : g.state(n).heap)
        if (v->kind == HeapValue::Kind::Integer) at.push_back(enc.var(r, "h") == enc.var(r, label));
    }
    solver.push();
    for (const Term& t : at) solver.add(t);
    for (bool small : {true, false}) {
      solver.push();
      for (const Term& t : detail::shapeConstraints(ps.in, types, opt.max_array, small)) solver.add(t);
      if (sat(small ? "witness (small values)" : "witness")) {
        if (small) preferZeros(ps);
        found = detail::instantiate(ps.in, solver, types, paramDescriptors(), opt.max_array);
        for (; zeros_pushed > 0; --zeros_pushed) solver.pop();
        solver.pop();
        break;
      }
      solver.pop();
    }
    solver.pop();
    return found.has_value();
  }

  // The paper's heuristic of "minimal" values: array lengths as short as
  // the path allows, then the first few integers of the input (the
  // arguments first) 0 where the path allows it. Leaves a satisfiable
  // check with the pushed constraints (counted in zeros_pushed, popped by
  // the caller).
  void preferZeros(const PathState& ps) {
    size_t tries = 0;
    bool model_current = true;
    // Tries `smaller`; if the path does not allow it, keeps `pin` (the
    // value of the last model, so satisfiable) so that later models do not
    // drift.
    auto attempt = [&](const Term& smaller, const Term& pin) {
      ++tries;
      solver.push();
      solver.add(smaller);
      ++zeros_pushed;
      if (sat("witness (smaller values)")) return true;
      solver.pop();
      solver.push();
      solver.add(pin);
      model_current = false;
      return false;
    };
    auto value = [&](const Term& t) {
      if (!model_current) {
        sat("witness (small values)");
        model_current = true;
      }
      return solver.value(t);
    };
    for (size_t k = 0; k < ps.in.size(); ++k) {
      const Term& len = ps.in.at(static_cast<int>(k)).length;
      if (!len.valid() || ps.in.find(static_cast<int>(k)) != static_cast<int>(k)) continue;
      for (auto v = value(len); v && *v > 0 && tries < kZeroTries; v = value(len))
        if (!attempt(len < *v, len == *v)) break;
    }
    for (const Term& t : ps.in.integers) {
      if (tries >= kZeroTries) break;
      auto v = value(t);
      if (v && *v != 0) attempt(t == 0, t == *v);
    }
    if (!model_current) sat("witness (small values)");
  }
  static constexpr size_t kZeroTries = 10;
  size_t zeros_pushed = 0;

  std::vector<std::string> paramDescriptors() const {
    std::vector<std::string> out;
    const program::MethodInfo& m = *g.state(g.root()).top().method;
    if (auto mt = classfile::parseMethodDescriptor(m.descriptor()))
      for (const auto& p : mt->params) out.emplace_back(p.text);
    return out;
  }

  bool dfs(seg::NodeId n, PathState& ps, size_t depth, bool pending) {
    if (n == target.node) return finish(n, ps);
    if (target_checks >= opt.max_checks || depth >= opt.max_edges) return false;
    std::vector<seg::EdgeId> outs;
    for (seg::EdgeId e : g.outEdges(n))
      if (dist[g.edge(e).to] != UINT32_MAX) outs.push_back(e);
    std::stable_sort(outs.begin(), outs.end(),
                     [&](seg::EdgeId a, seg::EdgeId b) { return dist[g.edge(a).to] < dist[g.edge(b).to]; });
    bool branch = pending || outs.size() > 1;
    for (seg::EdgeId e : outs) {
      const seg::Edge& edge = g.edge(e);
      if (edge.kind == seg::EdgeKind::Instance && ps.segment + 1 >= opt.max_segments) continue;
      PathState next = ps;
      solver.push();
      bool ok = encode(e, next);
      // A branch is checked once the path has taken a condition on it.
      bool decides = edge.kind == seg::EdgeKind::Refine || !edge.label.relations.empty();
      bool still_pending = branch;
      if (ok && branch && decides) {
        ok = sat("witness path");
        still_pending = false;
      }
      if (ok && dfs(edge.to, next, depth + 1, still_pending)) {
        solver.pop();
        return true;
      }
      solver.pop();
      if (target_checks >= opt.max_checks) return false;
    }
    return false;
  }
};

GraphWitnessGenerator::GraphWitnessGenerator(const seg::Graph& graph, state::TypeSystem& types, smt::Solver& solver,
                                             bool bit_vectors, bool main_convention, GraphWitnessOptions options)
    : impl_(std::make_unique<Impl>(graph, types, solver, bit_vectors, main_convention, options)) {}

GraphWitnessGenerator::~GraphWitnessGenerator() = default;

size_t GraphWitnessGenerator::checks() const { return impl_->checks; }

std::optional<input::Witness> GraphWitnessGenerator::reach(const GraphTarget& target) {
  Impl& m = *impl_;
  if (target.node >= m.g.nodeSlots() || !m.g.node(target.node).alive) return std::nullopt;
  m.target = target;
  m.found.reset();
  m.target_checks = 0;
  m.distances();
  if (m.dist[m.g.root()] == UINT32_MAX) return std::nullopt;
  PathState ps = m.start();
  m.solver.push();
  m.dfs(m.g.root(), ps, 0, false);
  m.solver.pop();
  if (m.opt.trace)
    m.opt.trace(fmt::format("graph witness for node {}: {} ({} checks)", target.node,
                            m.found ? m.found->describe() : "none", m.target_checks));
  return m.found;
}

std::vector<seg::NodeId> exceptionTargets(const seg::Graph& graph, size_t max, size_t per_place) {
  std::vector<seg::NodeId> out;
  std::map<std::tuple<const program::MethodInfo*, uint32_t, std::string>, size_t> seen;
  for (seg::EdgeId e : graph.edges()) {
    const seg::Edge& edge = graph.edge(e);
    if (edge.kind != seg::EdgeKind::Eval || edge.label.raised.empty()) continue;
    // The JVM's own limits (a huge array) are no runtime exception to report.
    if (edge.label.raised == "java/lang/OutOfMemoryError") continue;
    const State& s = graph.state(edge.from);
    if (s.finished()) continue;
    auto key = std::make_tuple(s.top().method, s.top().pc, edge.label.raised);
    if (++seen[key] > per_place) continue;
    out.push_back(edge.to);
    if (out.size() >= max) break;
  }
  return out;
}

}  // namespace jhalt::witness
