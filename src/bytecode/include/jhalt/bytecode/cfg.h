// Basic blocks and the control-flow graph of one method, with normal and
// exception edges, dominators and natural loops (the loop heads are the
// targets of back edges; SEG construction merges states there).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "jhalt/bytecode/instruction.h"

namespace jhalt::bytecode {

struct ExceptionEdge {
  uint32_t handler;             // block index
  std::string_view catch_type;  // internal class name; empty: any (finally)
};

struct BasicBlock {
  uint32_t first = 0;  // instruction indices, inclusive
  uint32_t last = 0;
  std::vector<uint32_t> successors;      // normal successors, no duplicates
  std::vector<ExceptionEdge> handlers;   // exception-table order (first match wins)
  std::vector<uint32_t> predecessors;    // over normal and exception edges
};

class ControlFlowGraph {
 public:
  // Exception edges leave every block inside a handler's range: an
  // over-approximation that stays sound for instructions that may throw.
  // `jsr` goes to its subroutine; `ret` may return after any `jsr`.
  static ControlFlowGraph build(const Bytecode& code, const classfile::Code& attr,
                                const classfile::ConstantPool& pool);

  const std::vector<BasicBlock>& blocks() const { return blocks_; }
  const BasicBlock& block(uint32_t b) const { return blocks_[b]; }
  size_t size() const { return blocks_.size(); }
  uint32_t blockOfInstruction(uint32_t index) const { return block_of_[index]; }
  // Blocks reachable from the entry (block 0) in reverse post-order.
  const std::vector<uint32_t>& reversePostOrder() const { return rpo_; }
  bool reachable(uint32_t b) const { return rpo_index_[b] >= 0; }
  int32_t rpoIndex(uint32_t b) const { return rpo_index_[b]; }

  // All successors (normal, then exception handlers) of `b`.
  std::vector<uint32_t> allSuccessors(uint32_t b) const;

 private:
  std::vector<BasicBlock> blocks_;
  std::vector<uint32_t> block_of_;
  std::vector<uint32_t> rpo_;
  std::vector<int32_t> rpo_index_;
  void computeOrder();
};

// Immediate dominators (Cooper, Harvey, Kennedy: "A Simple, Fast Dominance
// Algorithm") over normal and exception edges.
class Dominators {
 public:
  explicit Dominators(const ControlFlowGraph& cfg);
  int32_t idom(uint32_t b) const { return idom_[b]; }  // -1: entry or unreachable
  bool dominates(uint32_t a, uint32_t b) const;

 private:
  const ControlFlowGraph& cfg_;
  std::vector<int32_t> idom_;
};

struct Loop {
  uint32_t header = 0;              // loop head (block index)
  std::vector<uint32_t> blocks;     // sorted, includes the header
  std::vector<uint32_t> latches;    // sources of the back edges
  bool reducible = true;            // false: entered other than through the header
};

// Natural loops, one per header (back edges to one header are merged), in
// order of header offset. Irreducible cycles (never produced by javac) are
// reported with reducible = false and the target of the retreating edge as head.
std::vector<Loop> findLoops(const ControlFlowGraph& cfg, const Dominators& dom);

// Source line of the instruction at `offset` (LineNumberTable), -1 if unknown.
int32_t sourceLine(const classfile::Code& code, uint32_t offset);

}  // namespace jhalt::bytecode
