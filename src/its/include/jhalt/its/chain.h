// Chaining (composition of transitions through a location, as in KoAT and
// LoAT): removes every location not kept by composing each path from a
// kept location through removed ones to the next kept location into one
// transition. The runs of the result are those of the input seen at kept
// locations only, so termination is unchanged as long as every cycle passes
// a kept location. Temporaries fixed by an equation are substituted away;
// compositions with a false constant constraint are dropped (exact).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "jhalt/its/its.h"

namespace jhalt::its {

struct Chained {
  Its its;
  // The ids of the kept locations in `its`, indexed by the input's ids
  // (-1: removed).
  std::vector<int64_t> location_of;
  std::string why_not;  // non-empty: too many paths, or a cycle without a kept location
};

// `keep[l]`: l stays (start and top always do). At most `max_transitions`
// transitions in the result; past `deadline` it gives up (why_not).
Chained chain(const Its& its, const std::vector<bool>& keep, size_t max_transitions,
              std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// Composition t1; t2 (t1.to == t2.from) with temporaries substituted where
// an equation fixes them; nullopt when a constraint becomes constant false.
std::optional<Transition> compose(const Its& its, const Transition& t1, const Transition& t2);

// Substitutes temporaries (variables from `own` on) that an equation with
// coefficient ±1 fixes, drops constant-true constraints and renumbers the
// temporaries densely; false when a constraint is constant false.
bool simplify(Transition& t, uint32_t own);

}  // namespace jhalt::its
