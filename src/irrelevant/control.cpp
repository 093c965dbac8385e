#include "control.h"

#include <algorithm>

#include "jhalt/program/program.h"

namespace jhalt::irrelevant::detail {

namespace {

uint32_t indexOfPc(const program::MethodInfo& m, uint32_t pc) {
  int32_t i = m.code().bytecode.indexAt(pc);
  return i < 0 ? 0 : static_cast<uint32_t>(i);
}

MethodFlow& flowOf(std::map<const program::MethodInfo*, MethodFlow>& flows, const program::MethodInfo* m) {
  auto [it, fresh] = flows.try_emplace(m);
  if (fresh) {
    it->second.size = m->code().bytecode.size();
    it->second.succ.resize(it->second.size + 1);
    it->second.reached.assign(it->second.size, false);
  }
  return it->second;
}

void link(MethodFlow& f, uint32_t a, uint32_t b) {
  if (a == b) return;
  auto& s = f.succ[a];
  if (std::find(s.begin(), s.end(), b) == s.end()) s.push_back(b);
}

}  // namespace

std::map<const program::MethodInfo*, MethodFlow> methodFlows(const seg::Graph& g) {
  std::map<const program::MethodInfo*, MethodFlow> flows;
  for (seg::NodeId n : g.nodes()) {
    const state::State& s = g.state(n);
    for (const state::Frame& f : s.frames) flowOf(flows, f.method).reached[indexOfPc(*f.method, f.pc)] = true;
  }
  for (seg::NodeId n : g.nodes()) {
    const state::State& s = g.state(n);
    if (s.finished()) continue;
    const program::MethodInfo* m = s.top().method;
    MethodFlow& fm = flowOf(flows, m);
    const uint32_t p = indexOfPc(*m, s.top().pc);
    std::vector<seg::EdgeId> out = g.outEdges(n);
    if (out.empty()) link(fm, p, static_cast<uint32_t>(fm.size));  // unfinished: may go anywhere
    for (seg::EdgeId id : out) {
      const seg::Edge& e = g.edge(id);
      if (e.kind != seg::EdgeKind::Eval) continue;
      const state::State& t = g.state(e.to);
      if (t.frames.size() > s.frames.size()) continue;  // a call: summarized by its return
      if (t.finished() || t.frames.size() < s.frames.size()) {
        link(fm, p, static_cast<uint32_t>(fm.size));
        if (!t.finished() && s.exception == state::kNone) {
          const state::Frame& caller = s.frames[1];
          MethodFlow& fc = flowOf(flows, caller.method);
          link(fc, indexOfPc(*caller.method, caller.pc), indexOfPc(*t.top().method, t.top().pc));
        }
        continue;
      }
      link(fm, p, indexOfPc(*m, t.top().pc));
    }
  }
  for (auto& [m, f] : flows) controlDependence(f);
  return flows;
}

void controlDependence(MethodFlow& f) {
  const size_t n = f.size + 1, exit = f.size;
  // Nodes that cannot reach the exit (a loop the graph never leaves) get
  // an edge to it: a conservative completion.
  std::vector<std::vector<uint32_t>> pred(n);
  for (size_t a = 0; a < n; ++a)
    for (uint32_t b : f.succ[a]) pred[b].push_back(static_cast<uint32_t>(a));
  std::vector<bool> to_exit(n, false);
  std::vector<uint32_t> work{static_cast<uint32_t>(exit)};
  to_exit[exit] = true;
  while (!work.empty()) {
    uint32_t b = work.back();
    work.pop_back();
    for (uint32_t a : pred[b])
      if (!to_exit[a]) to_exit[a] = true, work.push_back(a);
  }
  for (size_t a = 0; a < f.size; ++a)
    if (!to_exit[a] && (f.reached[a] || !f.succ[a].empty())) f.succ[a].push_back(static_cast<uint32_t>(exit));
  // Post-dominator sets, iterated to the greatest fixpoint.
  const size_t words = (n + 63) / 64;
  std::vector<std::vector<uint64_t>> pdom(n, std::vector<uint64_t>(words, ~uint64_t{0}));
  pdom[exit].assign(words, 0);
  pdom[exit][exit / 64] |= uint64_t{1} << (exit % 64);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t a = 0; a < f.size; ++a) {
      if (f.succ[a].empty()) continue;
      std::vector<uint64_t> x(words, ~uint64_t{0});
      for (uint32_t b : f.succ[a])
        for (size_t w = 0; w < words; ++w) x[w] &= pdom[b][w];
      x[a / 64] |= uint64_t{1} << (a % 64);
      if (x != pdom[a]) pdom[a] = std::move(x), changed = true;
    }
  }
  auto has = [&](size_t a, size_t b) { return (pdom[a][b / 64] >> (b % 64)) & 1; };
  auto count = [&](size_t a) {
    size_t c = 0;
    for (uint64_t w : pdom[a]) c += static_cast<size_t>(__builtin_popcountll(w));
    return c;
  };
  // The immediate post-dominator: the strict one with the most post-dominators.
  std::vector<int64_t> ipdom(n, -1);
  for (size_t a = 0; a < f.size; ++a) {
    if (f.succ[a].empty()) continue;
    size_t best = 0;
    for (size_t b = 0; b < n; ++b)
      if (b != a && has(a, b) && (ipdom[a] < 0 || count(b) > best)) ipdom[a] = static_cast<int64_t>(b), best = count(b);
  }
  f.controllers.assign(f.size, {});
  for (size_t x = 0; x < f.size; ++x) {
    if (f.succ[x].size() < 2) continue;
    for (uint32_t q : f.succ[x]) {
      for (int64_t y = q; y >= 0 && y != ipdom[x] && static_cast<size_t>(y) != exit; y = ipdom[static_cast<size_t>(y)]) {
        auto& c = f.controllers[static_cast<size_t>(y)];
        if (std::find(c.begin(), c.end(), x) == c.end()) c.push_back(static_cast<uint32_t>(x));
        if (f.succ[static_cast<size_t>(y)].empty()) break;
      }
    }
  }
}

bool localWrittenAgain(const MethodFlow& flow, const program::MethodInfo& m, uint32_t from, uint32_t slot) {
  const bytecode::Bytecode& code = m.code().bytecode;
  std::vector<bool> seen(flow.size + 1, false);
  std::vector<uint32_t> work(flow.succ[from].begin(), flow.succ[from].end());
  while (!work.empty()) {
    uint32_t a = work.back();
    work.pop_back();
    if (a >= flow.size || seen[a]) continue;
    seen[a] = true;
    const bytecode::Instruction& insn = code.at(a);
    auto family = insn.info().family;
    if ((family == bytecode::Family::LocalStore) && static_cast<uint32_t>(insn.operand) == slot) return true;
    work.insert(work.end(), flow.succ[a].begin(), flow.succ[a].end());
  }
  return false;
}

}  // namespace jhalt::irrelevant::detail
