// Symbolic execution graphs (thesis 002, Def. 1.51; paper 000, Def. 3):
// nodes are abstract states; edges are evaluation edges (labelled with
// relations and computations), refinement edges (labelled with the refined
// references) and instance edges (s ⊑ s', with the correspondence of
// references). Every cycle passes an evaluation edge; leaves are program ends.
// Recursive programs (thesis 002, Ch. 3; seg/recursion.h) add call edges
// (from a call state to its call stack abstraction: the same references,
// fewer frames) and context concretization edges (from a return state to
// the caller's state after the return, one per call state of the method;
// labelled with the returned integer's copy).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "jhalt/seg/label.h"
#include "jhalt/state/state.h"

namespace jhalt::seg {

using NodeId = uint32_t;
using EdgeId = uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

enum class EdgeKind : uint8_t { Eval, Refine, Instance, Call, Return };

struct Edge {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  EdgeKind kind = EdgeKind::Eval;
  EvalLabel label;                             // Eval
  std::vector<Ref> refined;                    // Refine
  std::vector<std::pair<Ref, Ref>> instance;   // Instance: (ref of `from`, ref of `to`)
  NodeId context = kNoNode;                    // Return: the call state returned to
  bool heap_kept = false;                      // Return: the callee wrote no object (Concretization)
  bool alive = true;
};

struct Node {
  std::shared_ptr<const state::State> state;
  std::vector<EdgeId> out;
  std::vector<EdgeId> in;
  NodeId parent = kNoNode;  // the node it was created from (for repetition search)
  uint32_t merges = 0;      // abstraction steps in its lineage at its position
  bool alive = true;
};

class Graph {
 public:
  NodeId addNode(state::State s, NodeId parent);
  EdgeId addEdge(Edge e);
  // Removes the outgoing edges of `n` and every node that is then no longer
  // reachable from the root (ForceAbstraction, thesis Alg. 2).
  void cutBelow(NodeId n);

  NodeId root() const { return 0; }
  const Node& node(NodeId n) const { return nodes_[n]; }
  Node& node(NodeId n) { return nodes_[n]; }
  const Edge& edge(EdgeId e) const { return edges_[e]; }
  size_t nodeSlots() const { return nodes_.size(); }
  size_t edgeSlots() const { return edges_.size(); }  // edge ids are < this; dead slots get reused
  const state::State& state(NodeId n) const { return *nodes_[n].state; }

  // Live nodes and edges.
  std::vector<NodeId> nodes() const;
  std::vector<EdgeId> edges() const;
  std::vector<EdgeId> outEdges(NodeId n) const;
  std::vector<EdgeId> inEdges(NodeId n) const;
  size_t liveNodes() const { return live_nodes_; }
  size_t liveEdges() const;
  // Does the graph abstract a recursive call (call and return edges)?
  bool hasRecursion() const;

  // Strongly connected components with at least one edge (cycles), each a
  // sorted list of nodes, and the loop-head nodes: nodes of such a component
  // with a predecessor outside it (paper 000, §4.2).
  std::vector<std::vector<NodeId>> cycles() const;
  std::vector<NodeId> loopHeads() const;

 private:
  void killEdge(EdgeId e);

  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<EdgeId> free_edges_;  // slots of removed edges, reused by addEdge
  std::vector<EdgeId> killed_;      // removed during the current cutBelow
  size_t live_nodes_ = 0;
  uint32_t epoch_ = 0;                // cutBelow's marks (below_mark_[x] == epoch_: below)
  std::vector<uint32_t> below_mark_;
  std::vector<uint32_t> keep_mark_;
};

}  // namespace jhalt::seg
