// The backward step of the relevance analysis over one graph edge (thesis
// 002, Algs. 18 and 19): the demands before the edge's source from those
// after its target, whether the source's instruction is relevant (it writes
// something demanded, or `forced` says so: control dependence and calls),
// and what it writes (for the reasons shown to the user).
#pragma once

#include <string>
#include <vector>

#include "demand.h"
#include "jhalt/irrelevant/irrelevant.h"
#include "jhalt/seg/graph.h"

namespace jhalt::bytecode {
struct Instruction;
}

namespace jhalt::irrelevant::detail {

struct EdgeOutcome {
  Demands pre;
  bool relevant = false;        // the source's instruction is relevant on this edge
  bool infeasible = false;      // an edge the analysis disregards (see Transfer::apply)
  std::vector<Key> written;     // positions and objects (Kind::Object) the instruction writes
};

// The instruction a state is at (its top frame's pc); nullptr at program ends.
const bytecode::Instruction* instructionAt(const state::State& s);

class Transfer {
 public:
  Transfer(const seg::Graph& g, state::TypeSystem& ts, const Outcomes& outcomes);

  // `post`: demands after e's target. A library call that the graph lets
  // throw but that throws nothing except virtual machine errors gives an
  // infeasible edge (the analysis assumes no VirtualMachineError).
  EdgeOutcome apply(seg::EdgeId e, const Demands& post, bool forced) const;

  // Does a write into object `o` of `s` reach a demanded object?
  bool hitsDemanded(const state::State& s, const std::vector<state::Ref>& written, const Demands& post) const;

 private:
  EdgeOutcome refine(const seg::Edge& e, const Demands& post) const;
  EdgeOutcome instance(const seg::Edge& e, const Demands& post) const;
  EdgeOutcome dispatch(const state::State& s, const state::State& t, const Demands& post) const;
  EdgeOutcome push(const state::State& s, const state::State& t, const Demands& post, bool forced) const;
  EdgeOutcome leave(const state::State& s, const state::State& t, const Demands& post, bool forced) const;
  EdgeOutcome raise(const seg::Edge& e, const state::State& s, const state::State& t, const Demands& post,
                    bool forced) const;
  EdgeOutcome step(const seg::Edge& e, const state::State& s, const state::State& t, const Demands& post,
                   bool forced) const;
  EdgeOutcome library(const seg::Edge& e, const state::State& s, const state::State& t, const Demands& post,
                      bool forced) const;

  const seg::Graph& g_;
  state::TypeSystem& ts_;
  const Outcomes& outcomes_;
};

// Library methods (`owner.name(desc)`, internal names) that throw nothing
// but virtual machine errors when their receiver is not null.
bool libraryNeverThrows(const std::string& method);
// Library methods whose effects stay in the objects passed to them (no I/O,
// no threads, no environment): not an `output` outcome.
bool libraryStaysInside(const std::string& method);

}  // namespace jhalt::irrelevant::detail
