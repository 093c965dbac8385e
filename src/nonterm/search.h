// The witness search of the graph engine (private to nonterm): concrete
// runs of candidate inputs under the entry's integer semantics, checked at
// every visit of a proven loop head (is the state an instance of the head
// inside the proof's region?), for exact repetitions and for exceptions.
// Each discovery becomes a claim for the certifier.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "jhalt/engine/engine.h"
#include "jhalt/nonterm/loops.h"

namespace jhalt::nonterm {

struct SearchLimits {
  size_t candidates = 400;
  size_t run_steps = 20000;
  size_t total_steps = 400000;
  size_t strengthen = 40;
  engine::Budget::Clock::time_point deadline = engine::Budget::Clock::time_point::max();
};

struct SearchInputs {
  const seg::Graph& graph;
  state::TypeSystem& types;
  state::RefAllocator& alloc;          // the graph's: concrete states share its references' space
  LoopProver* prover;                  // nullptr when the graph is incomplete
  std::deque<LoopProof>& proofs;       // grows with proofs found from witness states
  std::vector<seg::NodeId> strengthenable;
};

struct SearchReport {
  size_t tried = 0;
  bool out_of_budget = false;
  std::string budget_note;
};

// Runs the candidates in order and certifies each discovery; confirmed
// findings and unconfirmed claims go to `result`. Ends early when the goal
// is the first non-termination and one is confirmed.
SearchReport searchWitnesses(const engine::Entry& entry, const engine::Goal& goal, const SearchInputs& in,
                             const SearchLimits& limits, const std::vector<input::Witness>& candidates,
                             engine::Certifier& certifier, engine::Result& result);

}  // namespace jhalt::nonterm
