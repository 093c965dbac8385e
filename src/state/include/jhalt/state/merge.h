// Merging (widening) of states and the instance check (thesis 002, Ch. 2.2
// Algorithms 3–15, Ch. 2.4; paper 000, Fig. 5 and Def. 9).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::state {

struct MergeOptions {
  // Integer values: false = convex hull, true = widening of the earlier
  // state's interval (s2's) by s1's: a bound that moved goes to ±∞.
  // Widening guarantees finite graphs (thesis §1.7).
  bool widen = false;
  // JVM integer semantics: merged intervals stay within the range of their
  // value's type (every value of a JVM int lies in it).
  bool within_type_range = false;
};

// Pairs (reference in the first state, reference in the second) and the
// reference of the result they were merged into (MergedTo in Alg. 4).
struct MergeMap {
  std::vector<std::pair<std::pair<Ref, Ref>, Ref>> merged;
};

// Alg. 3: a state s3 with s1 ⊑ s3 and s2 ⊑ s3 that keeps the information
// both share. Both states must have the same shape (same frames, program
// positions, exception presence and initialization status). Fresh
// references come from `alloc`.
State merge(const State& s1, const State& s2, TypeSystem& types, RefAllocator& alloc,
            const MergeOptions& options = {}, MergeMap* map = nullptr);

// Same shape: Def. 1.10(a–c) plus equal return addresses (none here).
bool sameShape(const State& a, const State& b);

// s1 ⊑ s2 (Def. 1.10), decided by merging s1 into s2 and failing as soon as
// information of s1 is not represented in s2 (Ch. 2.4). On success `map`
// receives the pairs (r1, r2) of corresponding references.
bool isInstance(const State& s1, const State& s2, TypeSystem& types,
                std::vector<std::pair<Ref, Ref>>* map = nullptr);

}  // namespace jhalt::state
