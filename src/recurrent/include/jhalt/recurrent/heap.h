// Recurrent sets over the heap (paper 003, §4, Examples 3-4), with thesis
// 002's abstract states as the domain in place of TVLA's 3-valued
// structures. An abstract state at a loop head is a set of concrete states;
// the symbolic execution graph built from it (thesis 002, Alg. 2) is paper
// 003's abstract state graph: evaluation edges are its post-edges, instance
// edges its containment-edges (s ⊑ s', Def. 1.10). When no state of that
// graph is a program end, every state of it belongs to a recurrent
// component (paper 003, Thm. 2): no concrete run from an instance of the
// start state ever ends, so the start state's concretization is a universal
// recurrent set of the loop (Lemma 1, Thm. 1).
//
// The start states are paper 003 §3.1's case splits, found where infinite
// runs go: a concrete run of a candidate input that keeps returning to a
// loop head is stopped there, and its state is abstracted step by step
// (every integer, then only the frame's integers, then nothing; the heap's
// shape - which object each reference field points to - is kept, so that a
// definitely cyclic list is its own case, as the paper's §4 asks of the
// domain). The candidate input is the witness: its run enters the set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "jhalt/engine/engine.h"
#include "jhalt/input/input.h"

namespace jhalt::recurrent {

// Deterministic limits at effort 1 (scaled by the budget).
struct HeapOptions {
  size_t candidates = 300;      // candidate inputs run (smallest first)
  size_t run_steps = 20000;     // steps of each run
  size_t total_steps = 200000;  // steps of all runs
  size_t max_heap = 1000;       // values in a run's state (a larger start state is not tried)
  uint32_t visits = 6;          // visits of a loop head before its state is taken
  uint32_t stay_visits = 64;    // ... and tried once the run visits the head this often
  size_t max_attempts = 6;      // loop-head states tried in all
  size_t per_head = 3;          // ... at one loop head (from different inputs)
  size_t max_nodes = 2000;      // states of one graph
  size_t max_evaluations = 15000;
};

struct HeapSet {
  const program::MethodInfo* method = nullptr;
  uint32_t pc = 0;
  input::Witness witness;    // its run reaches a state of the set
  std::string text;          // the set, readable (Java names)
  std::string abstracted;    // which values the set leaves open
  size_t states = 0;         // abstract states of the closed graph
  size_t visits = 0;         // visits of the head before the run was in the set
  // The head is the entry of a recursive method (its frame never returns):
  // an infinite recursion, made at this call site.
  bool recursion = false;
  const program::MethodInfo* call_method = nullptr;
  uint32_t call_pc = 0;
};

// Whether `method` at `pc` is already proven (skipped).
using HeadFilter = std::function<bool(const program::MethodInfo& method, uint32_t pc)>;

struct HeapSets {
  std::vector<HeapSet> sets;  // one per loop head at most, in the order the runs reach them
  size_t tried = 0;           // loop-head states tried
};

// Recurrent sets of the entry's loops found from concrete runs.
HeapSets heapRecurrentSets(const engine::Entry& entry, const engine::Budget& budget,
                                       const HeapOptions& options, const HeadFilter& proven,
                                       const std::function<void(const std::string&)>& trace);

}  // namespace jhalt::recurrent
