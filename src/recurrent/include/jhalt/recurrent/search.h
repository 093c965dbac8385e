// The search for a universal recurrent set of one loop (paper 003, §3):
// an abstract state graph G = <V, E_p, E_c> (§3.2) of abstract states at
// the loop head with post-edges (the states' post-conditions through the
// loop body) and containment-edges (l1 below l2), built breadth-first from
// initial states by FindFirst / FindNext (Fig. 3), MakeStates (Fig. 4),
// PropagateStatus (rules 1-8 of §3.3) and FindRecComp (Fig. 5). Whenever a
// larger recurrent component appears, its states without containment-edges
// into it (Rec) form a set whose concretisation is a universal recurrent
// set (Thm. 2 with Thm. 1), provided post and eval over-approximate; the
// engine re-checks every set with Lemma 1 (check.h) before it is used.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <vector>

#include "jhalt/recurrent/domain.h"

namespace jhalt::recurrent {

// The loop's semantics in the abstract (paper 003, §2.2 and §3.1), over the
// domain's elements.
class Transfer {
 public:
  virtual ~Transfer() = default;
  // post#(C_body, l): one element per body path (infeasible ones dropped).
  virtual std::vector<Element> post(const Element& l) = 0;
  // The trace partition of §3.1 ([psi_ent, l] and [not psi_ent, l]), here
  // per path: the states of l that take each body path, and those that may
  // exit (non-bottom parts only).
  virtual std::vector<Element> split(const Element& l) = 0;
  // eval#(psi_ent, l) != 0: some state of l may enter the body.
  virtual bool mayEnter(const Element& l) = 0;
  // eval#(not phi_exit, l) == 1: no state of l leaves the loop.
  virtual bool cannotExit(const Element& l) = 0;
};

struct SearchOptions {
  size_t max_states = 120;  // states of the graph (a deterministic budget)
  // A safety net: past it the search stops (the answer becomes MAYBE).
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

class StateGraph {
 public:
  StateGraph(const Domain& domain, Transfer& transfer, SearchOptions options = {});
  // FindFirst (Fig. 3): the graph from `initial`, then FindNext.
  bool findFirst(const std::vector<Element>& initial);
  // FindNext (Fig. 3): true when a larger recurrent component was found.
  bool findNext();
  // Rec: the recurrent states without containment-edges to recurrent states.
  std::vector<Element> recurrent() const;
  size_t states() const { return nodes_.size(); }
  bool exhausted() const { return exhausted_; }  // the state budget ran out

 private:
  struct Node {
    Element e;
    bool may_exit = false, must_exit = false, rec = false, expanded = false;
    std::vector<size_t> post;             // post-edges
    std::vector<size_t> above, below;     // containment-edges out of / into it
    bool unknown() const { return !may_exit && !rec; }
  };
  std::vector<size_t> makeStates(const std::vector<Element>& elements, const size_t* parent);
  size_t nodeOf(const Element& e, bool& created);
  bool containmentEdges(const std::vector<size_t>& fresh);
  void propagate();
  std::vector<size_t> findRecComp() const;
  std::vector<size_t> recIds() const;

  const Domain& domain_;
  Transfer& transfer_;
  SearchOptions options_;
  std::vector<Node> nodes_;
  std::map<Element, size_t> index_;
  std::vector<size_t> frontier_;  // F, breadth-first
  size_t next_ = 0;
  std::vector<size_t> rec_;  // Rec
  bool exhausted_ = false;
};

}  // namespace jhalt::recurrent
