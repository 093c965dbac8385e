#include "jhalt/report/irrelevant_report.h"

#include <fmt/format.h>

#include "jhalt/engine/result.h"
#include "jhalt/program/program.h"

namespace jhalt::report {

namespace {

std::string javaName(const program::MethodInfo& m) {
  return engine::javaMethodName(m.owner().name(), m.name(), m.descriptor());
}

std::string fileOf(const program::MethodInfo& m) {
  if (auto f = m.owner().file().source_file) return std::string(*f);
  return std::string(m.owner().name()) + ".class";
}

std::string rangeText(const std::pair<int32_t, int32_t>& r) {
  return r.first == r.second ? fmt::format("line {}", r.first) : fmt::format("lines {}-{}", r.first, r.second);
}

}  // namespace

std::string toText(const IrrelevantHeader& h, const irrelevant::Result& r) {
  std::string out = fmt::format("irrelevant code of {} for {} ({} integers{})\n", h.entry, h.outcomes, h.semantics,
                                h.complete ? "" : ", incomplete graph: " + h.incomplete_reason);
  size_t shown = 0;
  for (const irrelevant::MethodResult& m : r.methods) {
    std::vector<irrelevant::LineGroup> groups = irrelevant::irrelevantLines(m);
    if (groups.empty()) continue;
    // In source order, each range with its reason.
    std::vector<std::pair<std::pair<int32_t, int32_t>, irrelevant::Reason>> ranges;
    for (const auto& g : groups)
      for (const auto& range : g.ranges) ranges.emplace_back(range, g.reason);
    std::sort(ranges.begin(), ranges.end());
    out += fmt::format("  {} ({}):\n", javaName(*m.method), fileOf(*m.method));
    for (const auto& [range, reason] : ranges)
      out += fmt::format("    {}: {}\n", rangeText(range), irrelevant::reasonText(reason));
    ++shown;
  }
  if (shown == 0) out += "  no irrelevant code found\n";
  for (const std::string& n : r.notes) out += "  note: " + n + "\n";
  return out;
}

nlohmann::json toJson(const IrrelevantHeader& h, const irrelevant::Result& r) {
  nlohmann::json j;
  j["entry"] = h.entry;
  j["relevant"] = h.outcomes;
  j["int_semantics"] = h.semantics;
  j["complete"] = h.complete;
  if (!h.complete) j["incomplete_reason"] = h.incomplete_reason;
  j["irrelevant"] = nlohmann::json::array();
  j["methods"] = nlohmann::json::array();
  for (const irrelevant::MethodResult& m : r.methods) {
    for (const irrelevant::LineGroup& g : irrelevant::irrelevantLines(m)) {
      nlohmann::json e;
      e["method"] = javaName(*m.method);
      e["file"] = fileOf(*m.method);
      e["reason"] = std::string(irrelevant::reasonText(g.reason));
      e["lines"] = g.lines;
      e["ranges"] = nlohmann::json::array();
      for (const auto& [a, b] : g.ranges) e["ranges"].push_back({{"first", a}, {"last", b}});
      e["offsets"] = g.offsets;
      j["irrelevant"].push_back(std::move(e));
    }
    nlohmann::json mj;
    mj["method"] = javaName(*m.method);
    mj["id"] = m.method->qualifiedName();
    std::vector<uint32_t> offsets, indices;
    for (const auto& x : m.instructions)
      if (x.status == irrelevant::Status::Irrelevant) offsets.push_back(x.offset), indices.push_back(x.index);
    mj["irrelevant_offsets"] = offsets;
    mj["irrelevant_indices"] = indices;
    // Irrelevant branches the graph always decides one way: [index, next index].
    nlohmann::json decided = nlohmann::json::array();
    for (const auto& x : m.instructions)
      if (x.status == irrelevant::Status::Irrelevant && x.decided >= 0) decided.push_back({x.index, x.decided});
    mj["decided_branches"] = decided;
    j["methods"].push_back(std::move(mj));
  }
  j["notes"] = r.notes;
  j["states"] = r.states;
  j["relevant_states"] = r.relevant_states;
  return j;
}

}  // namespace jhalt::report
