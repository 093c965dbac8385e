// The "looper" engine (see engine.h).
#include "jhalt/looper/engine.h"

#include <chrono>

#include <fmt/format.h>

#include "jhalt/looper/closure.h"
#include "jhalt/looper/concolic.h"

namespace jhalt::looper {

namespace {

// `name = value` for the locations the paths read, as the thread has them.
std::vector<std::string> valuesAtHead(Concolic& c, const state::State& start) {
  std::vector<std::string> out;
  for (const auto& [loc, v] : c.vars()) {
    if (out.size() >= 24) {
      out.push_back("...");
      break;
    }
    if (v.reference) {
      if (auto r = c.originalRef(loc)) out.push_back(v.name + " = " + c.world().describe(*r, start));
    } else if (auto i = c.originalInt(loc)) {
      out.push_back(fmt::format("{} = {}", v.name, *i));
    }
  }
  return out;
}

}  // namespace

engine::Result LooperEngine::analyze(const engine::Entry& entry, const engine::Goal&, const engine::Budget& budget,
                                     engine::Certifier& certifier) {
  engine::Result res;
  res.engine = "looper";
  if (!entry.live) {
    res.notes.push_back("the looper engine analyses loops of running JVMs only");
    return res;
  }
  const engine::LiveLoop& l = *entry.live;
  smt::Context ctx;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, options_.solver, options_.stats);
  ConcolicOptions co;
  co.shared_heap = l.shared_heap;
  co.deadline = budget.deadline();
  co.max_iterations = budget.scaled(options_.max_iterations);
  co.max_steps_per_iteration = budget.scaled(options_.max_steps_per_iteration);
  std::optional<ClosureProof> proof;
  std::string why_not, stopped;
  std::vector<std::string> values;
  size_t paths = 0;
  {
    Concolic c(world_, *l.evaluator, ctx, entry.method, l.head, co);
    auto t0 = std::chrono::steady_clock::now();
    auto since = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    bool grows = false;
    ConcolicResult r = c.run(*l.start, [&](const std::vector<Iteration>& its) {
      if (its.back().grows) {
        grows = true;
        return true;
      }
      if (options_.trace)
        options_.trace(fmt::format("looper: iteration {} ({} steps, {} conditions, {} writes) at {:.3f} s", its.size(),
                                   its.back().steps, its.back().phi.size(), its.back().writes.size(), since()));
      ClosureResult cr = proveClosed(its, c, *solver);
      if (options_.trace)
        options_.trace(fmt::format("looper: closure {} at {:.3f} s{}{}", cr.proof ? "proven" : cr.why_not, since(),
                                   cr.detail.empty() ? "" : "\n", cr.detail));
      paths = its.size();
      if (cr.proof) {
        proof = std::move(cr.proof);
        return true;
      }
      why_not = cr.why_not;
      return false;
    });
    stopped = grows ? "the loop keeps every object it makes (each new one refers to the one it replaces): on the "
                      "JVM it ends when the memory is exhausted (OutOfMemoryError)"
                    : r.stopped;
    if (proof) {
      // The proof is about the bytecode jhalt read: it must be what the JVM runs.
      std::string mismatch = world_.verifyCode(c.executed());
      if (!mismatch.empty()) {
        proof.reset();
        stopped = mismatch;
      }
    }
    if (proof) values = valuesAtHead(c, c.lastStart());
    if (r.exited) res.notes.push_back("jhalt's run from the thread's memory leaves the loop: " + r.stopped);
  }
  if (!proof) {
    std::string note = fmt::format("no proof after {} observed iteration{}", paths, paths == 1 ? "" : "s");
    if (!stopped.empty()) note += "; " + stopped;
    if (!why_not.empty()) note += "; last check: " + why_not;
    res.notes.push_back(note);
    return res;
  }
  world_.clearFailure();
  l.evaluator->setExternalMemory(&world_);
  auto c0 = std::chrono::steady_clock::now();
  engine::Claim claim;
  engine::Finding& f = claim.finding;
  f.kind = engine::FindingKind::NonTermination;
  f.nonterm = engine::NonTermKind::Live;
  f.where = engine::locate(entry.method, l.head);
  f.semantics = engine::Semantics::Jvm;
  f.proof = proof->text;
  f.engine = "looper";
  f.thread = l.thread;
  f.stack = l.stack;
  f.values = std::move(values);
  f.recurrent_smtlib = proof->smtlib;
  claim.proven_for = engine::SemanticsSet::only(engine::Semantics::Jvm);
  engine::Finding claimed = f;
  engine::Certifier::Outcome out = certifier.certify(entry, std::move(claim));
  l.evaluator->setExternalMemory(nullptr);
  if (options_.trace)
    options_.trace(fmt::format("looper: certifier {:.3f} s: {}",
                               std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count(),
                               out.status == engine::Certifier::Status::Confirmed ? "confirmed" : out.reason));
  if (out.status == engine::Certifier::Status::Confirmed) {
    res.findings.push_back(std::move(out.finding));
    res.answer = engine::Answer::No;
  } else if (out.status == engine::Certifier::Status::Unconfirmed) {
    res.unconfirmed.push_back(engine::Unconfirmed{std::move(claimed), out.reason});
  }
  return res;
}

}  // namespace jhalt::looper
