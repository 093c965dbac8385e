// The ITS of a CLP translation made for termination
// (clp::TranslateOptions::for_termination; design in
// docs/design/termination.md, §2-3). Locations: start, top, then one per
// predicate. Transitions: start to the entry (with the entry's input
// constraints) and to each class initializer (unconstrained); a clause with
// one body atom is a step; a call clause is a call edge into the callee and
// a continue edge past it, on which the callee's results (return value,
// statics) are unconstrained - no summaries are needed, since an infinite
// run either stays in one frame or descends through infinitely many calls;
// a gap clause goes to top. Facts (returns) end a run.
#pragma once

#include "jhalt/clp/clause.h"
#include "jhalt/its/its.h"

namespace jhalt::its {

// Location of predicate p in the ITS.
inline LocId locationOf(clp::PredId p) { return static_cast<LocId>(p + 2); }

// `fresh_statics`: the run starts with the program (main): the tracked
// statics are 0 at the entry; otherwise they may hold anything.
Its fromClp(const clp::ClpProgram& program, bool fresh_statics);

}  // namespace jhalt::its
