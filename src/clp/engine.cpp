#include "jhalt/clp/engine.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include <fmt/format.h>

#include "jhalt/clp/criteria.h"
#include "jhalt/clp/entry_values.h"

namespace jhalt::clp {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// One analysis: the CLP program, its unfolding and the claims made so far.
class Analysis {
 public:
  Analysis(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
           engine::Certifier& certifier, const ClpOptions& options)
      : entry_(entry), goal_(goal), budget_(budget), certifier_(certifier), options_(options),
        solver_(smt::makeSolver(ctx_, options.smt, options.stats)) {
    r_.engine = "clp";
  }

  engine::Result run() {
    if (!entry_.method.hasCode()) {
      r_.notes.push_back("the entry method has no code");
      return std::move(r_);
    }
    // 1. Translation (paper 001, §4) and binary unfolding (§5, Def. 16).
    clp_ = translate(entry_.program, entry_.method, entry_.main_convention, options_.translate);
    UnfoldOptions uo = options_.unfold;
    uo.max_clauses = budget_.scaled(uo.max_clauses);
    uo.deadline = std::min(uo.deadline, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                           std::chrono::duration<double>(budget_.secondsLeft() / 2)));
    unfolded_ = unfold(clp_, *solver_, uo);
    entry_arity_ = static_cast<uint32_t>(clp_.preds[clp_.entry].arity());
    budget_.checkMemory();
    search();
    r_.answer = r_.nonTerminating() > 0 ? engine::Answer::No : engine::Answer::Maybe;
    return std::move(r_);
  }

 private:
  bool done() const { return budget_.expired() || (goal_.stop_at_first && r_.nonTerminating() > 0); }
  void trace(const std::string& text) const {
    if (options_.trace) options_.trace(text);
  }

  void search() {
    // 2. Recursive binary clauses p(x) <- c, p(y), shortest first.
    std::vector<const BinaryClause*> loops;
    for (const BinaryClause& c : unfolded_.clauses)
      if (c.body && *c.body == c.head && c.head_arity == c.body_arity) loops.push_back(&c);
    std::stable_sort(loops.begin(), loops.end(), [](const BinaryClause* a, const BinaryClause* b) {
      return std::make_pair(a->length, a->num_vars) < std::make_pair(b->length, b->num_vars);
    });
    singleClauses(loops);
    clauseSets(loops);
    if (r_.nonTerminating() == 0) {
      size_t exact = static_cast<size_t>(
          std::count_if(clp_.clauses.begin(), clp_.clauses.end(), [](const Clause& c) { return c.exact; }));
      r_.notes.push_back(fmt::format(
          "{} of {} clauses exact, {} binary clauses ({} unfolding steps{}), {} recursive, {} tried, {} recurrent{}",
          exact, clp_.clauses.size(), unfolded_.clauses.size(), unfolded_.iterations,
          unfolded_.fixpoint ? ", fixpoint" : (unfolded_.truncated ? ", truncated" : ""), loops.size(), tried_,
          recurrent_, failed_.empty() ? "" : ", some claims not confirmed"));
    }
  }

  // 3a. One clause at a time: Props. 3 and 4.
  void singleClauses(const std::vector<const BinaryClause*>& loops) {
    for (const BinaryClause* loop : loops) {
      if (done() || tried_ >= budget_.scaled(options_.max_candidates)) break;
      Target t = targetOf({loop});
      if (skip(t)) continue;
      ++tried_;
      auto tq = Clock::now();
      Criterion criterion = recurrent(*solver_, *loop);
      trace(fmt::format("recurrent {:.3f}s {}", since(tq), describe(clp_, *loop)));
      if (criterion == Criterion::None) continue;
      ++recurrent_;
      std::string why = fmt::format("{}: the binary clause\n  {}\nhas an infinite computation from every value "
                                    "satisfying its constraint",
                                    criterion == Criterion::Universal ? "Prop. 3" : "Prop. 4", describe(clp_, *loop));
      claim(t, domainOf(*solver_, *loop), loop->head_arity, loop->head, why);
    }
  }

  // 3b. All recursive clauses of a predicate together: a recurrent set
  // closed under their union (Prop. 4 generalised, see recurrentSet).
  void clauseSets(const std::vector<const BinaryClause*>& loops) {
    std::map<PredId, std::vector<const BinaryClause*>> by_pred;
    for (const BinaryClause* loop : loops) by_pred[loop->head].push_back(loop);
    for (const auto& [pred, group] : by_pred) {
      if (done()) break;
      if (group.size() < 2) continue;
      Target t = targetOf(group);
      if (!t.recursion && !options_.loop_sets) continue;
      if (skip(t)) continue;
      ++tried_;
      auto tq = Clock::now();
      unsigned intersections = 0;
      std::optional<smt::Term> set = recurrentSet(*solver_, group, options_.set_rounds, &intersections);
      trace(fmt::format("set {:.3f}s {} clauses, {}", since(tq), group.size(),
                        set ? fmt::format("closed after {} intersection(s)", intersections) : "none"));
      if (!set) continue;
      ++recurrent_;
      std::string clauses;
      for (const BinaryClause* c : group) clauses += "\n  " + describe(clp_, *c);
      claim(t, *set, group.front()->head_arity, pred,
            fmt::format("Prop. 4 over the union of {} recursive clauses: every value of {} that satisfies the "
                        "constraint of one of the clauses{} has a successor by one of them that again does so{}",
                        group.size(), clp_.preds[pred].name, intersections > 0 ? " and whose successor does too" : "",
                        clauses));
    }
  }

  // Where a claim lies: the first recursive call (recursion) or the loop
  // head (a loop: no frame pushed).
  struct Target {
    bool recursion = false;
    const program::MethodInfo* method = nullptr;
    uint32_t pc = 0;
    std::string key;
  };

  Target targetOf(const std::vector<const BinaryClause*>& group) const {
    Target t;
    const BinaryClause* first = group.front();
    for (const BinaryClause* c : group)
      if (c->calls > 0 && c->call_method) {
        t.recursion = true;
        first = c;
        break;
      }
    t.method = t.recursion ? first->call_method : clp_.preds[first->head].method;
    t.pc = t.recursion ? first->call_pc : clp_.preds[first->head].pc;
    t.key = fmt::format("{}:{}:{}", t.recursion ? "recursion" : "loop", t.method->qualifiedName(), t.pc);
    return t;
  }

  // Already found (by any engine), failed twice, or not a finding under the
  // entry's semantics and goal.
  bool skip(const Target& t) const {
    if (found_.count(t.key) || (failed_.count(t.key) && failed_.at(t.key) >= 2)) return true;
    return t.recursion && entry_.semantics == engine::Semantics::Jvm && !goal_.exceptions;
  }

  // 4. Prop. 5 for the recurrent set `set` of predicate `pred`: entry values
  // reaching it, the witness, and the claim.
  void claim(const Target& t, const smt::Term& set, uint32_t set_arity, PredId pred, const std::string& why) {
    std::vector<const BinaryClause*> stems;
    if (pred == clp_.entry) stems.push_back(nullptr);
    for (const BinaryClause& s : unfolded_.clauses)
      if (s.head == clp_.entry && s.body && *s.body == pred) stems.push_back(&s);
    std::optional<std::vector<int64_t>> x;
    const BinaryClause* stem = nullptr;
    for (const WitnessTier& tier : witnessTiers()) {
      for (const BinaryClause* s : stems) {
        if (budget_.expired()) return;
        x = reachableSet(*solver_, entry_arity_, clp_.entry_constraint, boundsFor(clp_, entry_arity_, tier), s, set,
                         set_arity);
        if (x) {
          stem = s;
          break;
        }
      }
      if (x) break;
    }
    if (!x) return;
    std::optional<input::Witness> w = witnessFrom(clp_, entry_.method, entry_.main_convention, *x);
    if (!w) return;
    engine::Claim c;
    engine::Finding& f = c.finding;
    f.where = engine::locate(*t.method, t.pc);
    f.witness = *w;
    f.engine = "clp";
    f.proof = proofText(t, why, stem, *x);
    c.proven_for = engine::SemanticsSet::only(engine::Semantics::Math);
    if (t.recursion && entry_.semantics == engine::Semantics::Jvm) {
      // On the JVM an infinite recursion ends: in StackOverflowError.
      f.kind = engine::FindingKind::Exception;
      f.exception = "java/lang/StackOverflowError";
      f.proof += "\non the JVM the infinite recursion ends in java.lang.StackOverflowError";
    } else {
      f.kind = engine::FindingKind::NonTermination;
      f.nonterm = t.recursion ? engine::NonTermKind::Recursion : engine::NonTermKind::Loop;
    }
    engine::Certifier::Outcome out = certifier_.certify(entry_, c);
    if (out.status == engine::Certifier::Status::Confirmed) {
      found_.insert(t.key);
      r_.findings.push_back(std::move(out.finding));
    } else if (out.status == engine::Certifier::Status::Duplicate) {
      found_.insert(t.key);
    } else if (out.status == engine::Certifier::Status::Filtered) {
      found_.insert(t.key);
      ++r_.filtered;
    } else {
      ++failed_[t.key];
      r_.unconfirmed.push_back({std::move(c.finding), std::move(out.reason)});
    }
  }

  std::string proofText(const Target& t, const std::string& why, const BinaryClause* stem,
                        const std::vector<int64_t>& x) const {
    std::string text = fmt::format("{} (constraint logic program of paper 001)\n{};\n",
                                   t.recursion ? "infinite recursion" : "non-terminating loop", why);
    if (stem)
      text += fmt::format("the entry reaches such a value (Prop. 5) through\n  {}\n", describe(clp_, *stem));
    else
      text += "the predicate is the entry's (Prop. 5)\n";
    std::string values;
    for (uint32_t k = 0; k < entry_arity_; ++k)
      values += fmt::format("{}{} = {}", k ? ", " : "", clp_.preds[clp_.entry].args[k], x[k]);
    text += fmt::format("entry values: {}; {} binary clauses after {} unfolding step(s)", values,
                        unfolded_.clauses.size(), unfolded_.iterations);
    return text;
  }

  const engine::Entry& entry_;
  const engine::Goal& goal_;
  const engine::Budget& budget_;
  engine::Certifier& certifier_;
  const ClpOptions& options_;
  smt::Context ctx_;
  std::unique_ptr<smt::Solver> solver_;
  engine::Result r_;
  ClpProgram clp_;
  UnfoldResult unfolded_;
  uint32_t entry_arity_ = 0;
  std::set<std::string> found_;
  std::map<std::string, int> failed_;
  size_t tried_ = 0, recurrent_ = 0;
};

}  // namespace

engine::Result ClpEngine::analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                                  engine::Certifier& certifier) {
  return Analysis(entry, goal, budget, certifier, options_).run();
}

}  // namespace jhalt::clp
