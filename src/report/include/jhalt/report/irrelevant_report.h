// Output of `jhalt irrelevant` (thesis 002, §4.4-4.5: results as source
// lines): text for people, JSON for tools.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "jhalt/irrelevant/irrelevant.h"

namespace jhalt::report {

struct IrrelevantHeader {
  std::string entry;      // Java name of the entry method
  std::string outcomes;   // the relevant outcomes, as given (`return,exceptions,output`)
  std::string semantics;  // integer semantics of the graph
  bool complete = true;
  std::string incomplete_reason;
};

std::string toText(const IrrelevantHeader& h, const irrelevant::Result& r);
// {entry, relevant, complete, irrelevant: [{method, file, reason, lines, ranges, offsets}],
//  methods: [{method, id, irrelevant_offsets, irrelevant_indices}], notes, states}
nlohmann::json toJson(const IrrelevantHeader& h, const irrelevant::Result& r);

}  // namespace jhalt::report
