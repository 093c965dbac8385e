#include "jhalt/bytecode/cfg.h"

#include <algorithm>

namespace jhalt::bytecode {
namespace {

void addUnique(std::vector<uint32_t>& v, uint32_t x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

ControlFlowGraph ControlFlowGraph::build(const Bytecode& code, const classfile::Code& attr,
                                         const classfile::ConstantPool& pool) {
  ControlFlowGraph g;
  const size_t n = code.size();
  std::vector<bool> leader(n + 1, false);
  leader[0] = true;
  auto mark = [&](uint32_t offset) {
    int32_t idx = code.indexAt(offset);
    if (idx >= 0) leader[static_cast<size_t>(idx)] = true;
  };
  std::vector<uint32_t> targets;
  std::vector<uint32_t> return_points;  // instructions after a jsr
  for (size_t i = 0; i < n; ++i) {
    const Instruction& insn = code.at(i);
    targets.clear();
    code.targets(insn, targets);
    for (uint32_t t : targets) mark(t);
    bool ends = !targets.empty() || !insn.info().falls_through;
    if (ends && i + 1 < n) leader[i + 1] = true;
    if (insn.family() == Family::Subroutine && insn.opcode != op::kRet && i + 1 < n)
      return_points.push_back(code.at(i + 1).offset);
  }
  for (const auto& h : attr.handlers) {
    mark(h.start_pc);
    mark(h.end_pc);
    mark(h.handler_pc);
  }

  g.block_of_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (leader[i]) g.blocks_.push_back(BasicBlock{static_cast<uint32_t>(i), static_cast<uint32_t>(i), {}, {}, {}});
    g.blocks_.back().last = static_cast<uint32_t>(i);
    g.block_of_[i] = static_cast<uint32_t>(g.blocks_.size() - 1);
  }

  auto blockAt = [&](uint32_t offset) { return g.block_of_[static_cast<size_t>(code.indexAt(offset))]; };
  for (uint32_t b = 0; b < g.blocks_.size(); ++b) {
    BasicBlock& bb = g.blocks_[b];
    const Instruction& last = code.at(bb.last);
    targets.clear();
    code.targets(last, targets);
    for (uint32_t t : targets) addUnique(bb.successors, blockAt(t));
    if (last.opcode == op::kRet)
      for (uint32_t r : return_points) addUnique(bb.successors, blockAt(r));
    if (last.info().falls_through && bb.last + 1 < n) addUnique(bb.successors, b + 1);
    uint32_t start = code.at(bb.first).offset;
    for (const auto& h : attr.handlers) {
      if (start >= h.start_pc && start < h.end_pc) {
        std::string_view type = h.catch_type ? pool.className(h.catch_type) : std::string_view{};
        bb.handlers.push_back(ExceptionEdge{blockAt(h.handler_pc), type});
      }
    }
  }
  for (uint32_t b = 0; b < g.blocks_.size(); ++b)
    for (uint32_t s : g.allSuccessors(b)) addUnique(g.blocks_[s].predecessors, b);
  g.computeOrder();
  return g;
}

std::vector<uint32_t> ControlFlowGraph::allSuccessors(uint32_t b) const {
  std::vector<uint32_t> out = blocks_[b].successors;
  for (const auto& e : blocks_[b].handlers) addUnique(out, e.handler);
  return out;
}

void ControlFlowGraph::computeOrder() {
  // Iterative depth-first search from the entry; post-order reversed.
  const size_t n = blocks_.size();
  std::vector<uint8_t> state(n, 0);  // 0 new, 1 on stack, 2 done
  std::vector<std::pair<uint32_t, size_t>> stack;
  std::vector<uint32_t> post;
  std::vector<std::vector<uint32_t>> succ(n);
  for (uint32_t b = 0; b < n; ++b) succ[b] = allSuccessors(b);
  stack.emplace_back(0, 0);
  state[0] = 1;
  while (!stack.empty()) {
    auto& [b, next] = stack.back();
    if (next < succ[b].size()) {
      uint32_t s = succ[b][next++];
      if (state[s] == 0) {
        state[s] = 1;
        stack.emplace_back(s, 0);
      }
    } else {
      state[b] = 2;
      post.push_back(b);
      stack.pop_back();
    }
  }
  rpo_.assign(post.rbegin(), post.rend());
  rpo_index_.assign(n, -1);
  for (size_t i = 0; i < rpo_.size(); ++i) rpo_index_[rpo_[i]] = static_cast<int32_t>(i);
}

Dominators::Dominators(const ControlFlowGraph& cfg) : cfg_(cfg), idom_(cfg.size(), -1) {
  const auto& rpo = cfg.reversePostOrder();
  if (rpo.empty()) return;
  std::vector<int32_t> doms(cfg.size(), -1);
  doms[rpo[0]] = static_cast<int32_t>(rpo[0]);
  auto intersect = [&](int32_t a, int32_t b) {
    while (a != b) {
      while (cfg.rpoIndex(static_cast<uint32_t>(a)) > cfg.rpoIndex(static_cast<uint32_t>(b))) a = doms[a];
      while (cfg.rpoIndex(static_cast<uint32_t>(b)) > cfg.rpoIndex(static_cast<uint32_t>(a))) b = doms[b];
    }
    return a;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 1; i < rpo.size(); ++i) {
      uint32_t b = rpo[i];
      int32_t new_idom = -1;
      for (uint32_t p : cfg.block(b).predecessors) {
        if (doms[p] < 0) continue;
        new_idom = new_idom < 0 ? static_cast<int32_t>(p) : intersect(static_cast<int32_t>(p), new_idom);
      }
      if (new_idom >= 0 && doms[b] != new_idom) {
        doms[b] = new_idom;
        changed = true;
      }
    }
  }
  for (size_t b = 0; b < cfg.size(); ++b)
    idom_[b] = (b == rpo[0] || doms[b] < 0) ? -1 : doms[b];
}

bool Dominators::dominates(uint32_t a, uint32_t b) const {
  if (!cfg_.reachable(b)) return false;
  int32_t x = static_cast<int32_t>(b);
  while (x >= 0) {
    if (x == static_cast<int32_t>(a)) return true;
    x = idom_[static_cast<size_t>(x)];
  }
  return false;
}

std::vector<Loop> findLoops(const ControlFlowGraph& cfg, const Dominators& dom) {
  std::vector<Loop> loops;
  auto loopFor = [&](uint32_t header) -> Loop& {
    for (Loop& l : loops)
      if (l.header == header) return l;
    loops.push_back(Loop{header, {header}, {}, true});
    return loops.back();
  };
  // Retreating edges t -> h (h no later than t in reverse post-order): back
  // edges when h dominates t, otherwise the sign of an irreducible cycle.
  for (uint32_t t : cfg.reversePostOrder()) {
    for (uint32_t h : cfg.allSuccessors(t)) {
      if (cfg.rpoIndex(h) > cfg.rpoIndex(t)) continue;
      Loop& loop = loopFor(h);
      loop.latches.push_back(t);
      if (!dom.dominates(h, t)) loop.reducible = false;
      // Body: blocks that reach t without passing h (natural loop).
      std::vector<uint32_t> work{t};
      while (!work.empty()) {
        uint32_t x = work.back();
        work.pop_back();
        if (std::find(loop.blocks.begin(), loop.blocks.end(), x) != loop.blocks.end()) continue;
        loop.blocks.push_back(x);
        for (uint32_t p : cfg.block(x).predecessors)
          if (cfg.reachable(p)) work.push_back(p);
      }
    }
  }
  for (Loop& l : loops) std::sort(l.blocks.begin(), l.blocks.end());
  std::sort(loops.begin(), loops.end(), [](const Loop& a, const Loop& b) { return a.header < b.header; });
  return loops;
}

int32_t sourceLine(const classfile::Code& code, uint32_t offset) {
  int32_t line = -1;
  for (const auto& ln : code.lines) {  // sorted by start_pc
    if (ln.start_pc > offset) break;
    line = ln.line;
  }
  return line;
}

}  // namespace jhalt::bytecode
