#include "jhalt/portfolio/portfolio.h"

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::portfolio {

void Portfolio::add(std::unique_ptr<engine::Engine> e, double time_share) {
  stages_.push_back({std::move(e), time_share});
}

std::vector<std::string> Portfolio::names() const {
  std::vector<std::string> out;
  for (const auto& s : stages_) out.emplace_back(s.engine->name());
  return out;
}

engine::Result Portfolio::run(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                              engine::Certifier& certifier) {
  engine::Result merged;
  auto t0 = engine::Budget::Clock::now();
  for (Stage& stage : stages_) {
    if (!merged.engine.empty()) merged.engine += "+";
    merged.engine += stage.engine->name();
    engine::Result r;
    try {
      r = stage.engine->analyze(entry, goal, budget.share(stage.time_share), certifier);
    } catch (const Unsupported& e) {
      r.notes.push_back(fmt::format("unsupported: {}", e.what()));
    } catch (const ResourceLimit& e) {
      r.notes.push_back(fmt::format("resource limit: {}", e.what()));
    }
    for (auto& f : r.findings) merged.findings.push_back(std::move(f));
    for (auto& u : r.unconfirmed) merged.unconfirmed.push_back(std::move(u));
    for (auto& n : r.notes) merged.notes.push_back(fmt::format("{}: {}", stage.engine->name(), n));
    merged.filtered += r.filtered;
    if (r.termination && !merged.termination) merged.termination = std::move(r.termination);
    if (goal.stop_at_first && (merged.nonTerminating() > 0 || merged.termination)) break;
  }
  merged.answer = merged.nonTerminating() > 0 ? engine::Answer::No
                  : merged.termination        ? engine::Answer::Yes
                                              : engine::Answer::Maybe;
  if (merged.termination && merged.nonTerminating() > 0) {
    // Both cannot hold for one entry and one semantics: a soundness bug.
    merged.answer = engine::Answer::Error;
    merged.error = "a termination proof and a confirmed non-termination for the same entry";
  }
  if (merged.answer == engine::Answer::No || merged.answer == engine::Answer::Yes) merged.notes.clear();
  merged.seconds = std::chrono::duration<double>(engine::Budget::Clock::now() - t0).count();
  return merged;
}

}  // namespace jhalt::portfolio
