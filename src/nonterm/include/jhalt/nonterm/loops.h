// Non-termination of loops of a symbolic execution graph (paper 000, §4):
//  * looping non-termination (Thm. 7, step 1): a path around the loop that
//    keeps the values of the interesting (integer) references unchanged;
//  * non-looping non-termination (Thm. 8): for a loop head whose interesting
//    references are integers and whose loop has no sub-loops, ρ(p1..pn)
//    unsatisfiable and σ(p1..pn) satisfiable.
// Each proof gives a region: concrete states at the loop head that are
// instances of it and whose integers lie in the region run forever. Steps 2-4
// of Thm. 7 (and the reachability part of Thm. 8) are done by the witness
// search, which looks for an input whose concrete run enters the region.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jhalt/witness/formula.h"
#include "jhalt/nonterm/interesting.h"
#include "jhalt/state/types.h"

namespace jhalt::nonterm {

using witness::Encoder;
using witness::Path;

struct LoopProof {
  enum class Kind { Looping, NonLooping };
  Kind kind;
  seg::NodeId head;
  std::vector<Path> paths;
  std::string proof;  // readable summary (formulas and results)
  // Region over the head's integer references (label "h").
  smt::Term region;
  bool bit_vectors = false;  // proved with JVM (bit-vector) arithmetic
};

class LoopProver {
 public:
  // `bit_vectors`: the graph was built with JVM integer semantics and the
  // proofs use bit-vector arithmetic (see formula.h).
  LoopProver(const seg::Graph& graph, state::TypeSystem& types, smt::Solver& solver, bool bit_vectors);

  // Tries both theorems at every loop head of the graph.
  std::vector<LoopProof> prove(size_t max_paths = 64);

  // Is the concrete state `c` (at the proof's loop head) an instance of the
  // head whose integers lie in the region?
  bool accepts(const LoopProof& proof, const state::State& c);

  // Thm. 8 with an inductive invariant suggested by a concrete state `c`
  // at `head` (see loops.cpp); only for heads where Thm. 8 applies.
  bool canStrengthen(seg::NodeId head) const;
  // Debug output of witness checks (JHALT_DEBUG_WITNESS on the command line).
  void setTrace(std::function<void(const std::string&)> trace) { trace_ = std::move(trace); }
  std::optional<LoopProof> proveFrom(seg::NodeId head, const state::State& c);

 private:
  struct LoopParts {
    struct Part {
      smt::Term entered, first, second;
    };
    std::vector<Part> parts;
    std::vector<smt::Term> mu_h, mu_r;
  };
  LoopParts buildParts(seg::NodeId head, const std::vector<Path>& paths);
  std::vector<Path> cyclePaths(seg::NodeId head, const std::vector<seg::NodeId>& scc, size_t max, bool& complete);
  bool hasSubLoop(seg::NodeId head, const std::vector<seg::NodeId>& scc) const;
  bool throughCalls(const std::vector<seg::NodeId>& scc) const;
  std::optional<LoopProof> nonLooping(seg::NodeId head, const std::vector<Path>& paths, const LoopParts& lp,
                                      const smt::Term& inv_h, const smt::Term& inv_r, const std::string& inv_text);
  std::optional<LoopProof> looping(seg::NodeId head, const Path& path);
  std::vector<std::pair<state::Ref, state::Ref>> endPairs(const Path& p) const;
  std::string describe(seg::NodeId head) const;

  const seg::Graph& g_;
  state::TypeSystem& types_;
  smt::Solver& solver_;
  Encoder enc_;
  Interesting interesting_;
  std::map<seg::NodeId, std::vector<Path>> eligible_;  // heads where Thm. 8 applies, with their paths
  std::function<void(const std::string&)> trace_;
};

}  // namespace jhalt::nonterm
