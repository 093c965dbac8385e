#include "jhalt/clp/engine.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/clp/criteria.h"

namespace jhalt::clp {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Witness sizes tried in turn: small inputs first (they replay fast and read
// well), then anything a command line or a Java int can carry.
struct Tier {
  int64_t strings;      // number of command-line arguments
  int64_t length;       // length of each
  int64_t magnitude;    // |int parameter|
};
constexpr Tier kTiers[] = {{4, 8, 16}, {64, 1000, 100000}, {1000, 100000, INT64_MAX}};
// Linux limits one argument to 128 KiB and all of them to about 2 MiB.
constexpr int64_t kTotalArgChars = 1000000;

std::vector<LinCon> boundsFor(const ClpProgram& p, uint32_t arity, const Tier& t) {
  std::vector<LinCon> out;
  auto within = [&](Var v, int64_t lo, int64_t hi) {
    out.push_back(ge(LinExpr::var(v), LinExpr::num(lo)));
    out.push_back(le(LinExpr::var(v), LinExpr::num(hi)));
  };
  LinExpr total = LinExpr::num(0);
  for (Var v = 0; v < arity; ++v) {
    if (p.args_length == static_cast<int>(v)) {
      within(v, 0, t.strings);
    } else if (std::find(p.arg_string_lengths.begin(), p.arg_string_lengths.end(), static_cast<int>(v)) !=
               p.arg_string_lengths.end()) {
      within(v, 0, t.length);
      total = total + LinExpr::var(v);
    } else if (v < p.param_of_arg.size() && p.param_of_arg[v] != SIZE_MAX && t.magnitude != INT64_MAX) {
      within(v, -t.magnitude, t.magnitude);
    }
  }
  if (!total.isConstant()) out.push_back(le(total, LinExpr::num(kTotalArgChars)));
  return out;
}

// Entry values -> witness input (paper 001, §5: "extract from the model
// concrete entry values"). Under the TPDB convention the values are the
// number of arguments and the lengths of those the program looks at; the
// characters do not matter (the translation only reads lengths).
std::optional<concrete::Witness> witnessFrom(const ClpProgram& p, const program::MethodInfo& entry,
                                             bool main_convention, const std::vector<int64_t>& x) {
  concrete::Witness w;
  if (main_convention) {
    w.main_args = true;
    int64_t n = p.args_length >= 0 ? x.at(static_cast<size_t>(p.args_length)) : 0;
    if (n < 0 || n > 100000) return std::nullopt;
    for (int64_t k = 0; k < n; ++k) {
      int64_t len = static_cast<size_t>(k) < p.arg_string_lengths.size()
                        ? x.at(static_cast<size_t>(p.arg_string_lengths[static_cast<size_t>(k)]))
                        : 0;
      if (len < 0 || len > 131072) return std::nullopt;
      w.args.emplace_back(static_cast<size_t>(len), 'a');
    }
    return w;
  }
  auto mt = classfile::parseMethodDescriptor(entry.descriptor());
  if (!mt) return std::nullopt;
  for (size_t k = 0; k < mt->params.size(); ++k) {
    concrete::Value v;
    if (mt->params[k].isReference()) {
      v.kind = concrete::Value::Kind::Null;  // never read by an exact clause
    } else {
      v.kind = concrete::Value::Kind::Int;
      for (size_t a = 0; a < p.param_of_arg.size(); ++a)
        if (p.param_of_arg[a] == k) v.number = x.at(a);
    }
    w.params.push_back(std::move(v));
  }
  return w;
}

bool replayConfirms(const replay::ReplayResult& r, bool recursion) {
  if (r.outcome == replay::ReplayResult::Outcome::StillRunning) return true;
  return recursion && r.outcome == replay::ReplayResult::Outcome::Exception &&
         r.exception_class == "java/lang/StackOverflowError";
}

// One analysis: the CLP program, its unfolding and the claims made so far.
class Analysis {
 public:
  Analysis(program::Program& program, const program::MethodInfo& entry, bool main_convention,
           const EngineOptions& options)
      : entry_(entry), main_(main_convention), options_(options), solver_(options.smt) {
    t0_ = Clock::now();
    deadline_ = t0_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.time_budget));
    v_.engine = "clp";
    if (!main_convention && !entry.isStatic()) {
      v_.undecided.push_back("the CLP engine builds witnesses only for main and static methods");
      return;
    }
    if (!entry.hasCode()) {
      v_.undecided.push_back("the entry method has no code");
      return;
    }
    ready_ = true;
    // 1. Translation (paper 001, §4) and binary unfolding (§5, Def. 16).
    clp_ = translate(program, entry, main_convention, options.translate);
    UnfoldOptions uo = options.unfold;
    uo.deadline = std::min(uo.deadline, t0_ + (deadline_ - t0_) / 2);
    unfolded_ = unfold(clp_, solver_, uo);
    entry_arity_ = static_cast<uint32_t>(clp_.preds[clp_.entry].arity());
  }

  verdict::Verdict run() {
    try {
      if (ready_) search();
    } catch (const z3::exception& e) {
      v_.undecided.push_back(fmt::format("CLP: the SMT solver failed: {}", e.msg()));
    }
    v_.answer = v_.nonterminating.empty() ? verdict::Answer::Maybe : verdict::Answer::No;
    v_.seconds = since(t0_);
    return std::move(v_);
  }

 private:
  bool outOfTime() const { return Clock::now() > deadline_; }
  bool done() const { return outOfTime() || (options_.stop_at_first && !v_.nonterminating.empty()); }

  void search() {
    // 2. Recursive binary clauses p(x) <- c, p(y), shortest first.
    std::vector<const BinaryClause*> loops;
    for (const BinaryClause& c : unfolded_.clauses)
      if (c.body && *c.body == c.head && c.head_arity == c.body_arity) loops.push_back(&c);
    std::stable_sort(loops.begin(), loops.end(), [](const BinaryClause* a, const BinaryClause* b) {
      return std::make_pair(a->length, a->num_vars) < std::make_pair(b->length, b->num_vars);
    });
    // 3a. One clause at a time: Props. 3 and 4.
    for (const BinaryClause* loop : loops) {
      if (done() || tried_ >= options_.max_candidates) break;
      Target t = targetOf({loop});
      if (found_.count(t.key) || refutedTwice(t.key)) continue;
      ++tried_;
      auto tq = Clock::now();
      Criterion criterion = recurrent(solver_, *loop);
      if (getenv("JHALT_DEBUG_CLP")) fmt::print(stderr, "recurrent {:.3f}s {}\n", since(tq), describe(clp_, *loop));
      if (criterion == Criterion::None) continue;
      ++recurrent_;
      std::string why = fmt::format("{}: the binary clause\n  {}\nhas an infinite computation from every value "
                                    "satisfying its constraint",
                                    criterion == Criterion::Universal ? "Prop. 3" : "Prop. 4", describe(clp_, *loop));
      claim(t, domainOf(solver_, *loop), loop->head_arity, loop->head, why);
    }
    // 3b. All recursive clauses of a predicate together: a recurrent set
    // closed under their union (Prop. 4 generalised, see recurrentSet).
    std::map<PredId, std::vector<const BinaryClause*>> by_pred;
    for (const BinaryClause* loop : loops) by_pred[loop->head].push_back(loop);
    for (const auto& [pred, group] : by_pred) {
      if (done()) break;
      if (group.size() < 2) continue;
      Target t = targetOf(group);
      if (!t.recursion && !options_.loop_sets) continue;
      if (found_.count(t.key) || refutedTwice(t.key)) continue;
      ++tried_;
      auto tq = Clock::now();
      unsigned intersections = 0;
      std::optional<z3::expr> set = recurrentSet(solver_, group, options_.set_rounds, &intersections);
      if (getenv("JHALT_DEBUG_CLP"))
        fmt::print(stderr, "set {:.3f}s {} clauses, {}\n", since(tq), group.size(),
                   set ? fmt::format("closed after {} intersection(s)", intersections) : "none");
      if (!set) continue;
      ++recurrent_;
      std::string clauses;
      for (const BinaryClause* c : group) clauses += "\n  " + describe(clp_, *c);
      claim(t, *set, group.front()->head_arity, pred,
            fmt::format("Prop. 4 over the union of {} recursive clauses: every value of {} that satisfies the "
                        "constraint of one of the clauses{} has a successor by one of them that again does so"
                        "{}",
                        group.size(), clp_.preds[pred].name,
                        intersections > 0 ? " and whose successor does too" : "", clauses));
    }
    if (v_.nonterminating.empty()) {
      size_t exact = static_cast<size_t>(
          std::count_if(clp_.clauses.begin(), clp_.clauses.end(), [](const Clause& c) { return c.exact; }));
      v_.undecided.push_back(fmt::format(
          "CLP: {} of {} clauses exact, {} binary clauses ({} unfolding steps{}), {} recursive, {} tried, {} "
          "recurrent{}",
          exact, clp_.clauses.size(), unfolded_.clauses.size(), unfolded_.iterations,
          unfolded_.fixpoint ? ", fixpoint" : (unfolded_.truncated ? ", truncated" : ""), loops.size(), tried_,
          recurrent_, refuted_.empty() ? "" : ", refuted by the JVM"));
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

  bool refutedTwice(const std::string& key) const { return refuted_.count(key) && refuted_.at(key) >= 2; }

  // 4. Prop. 5 for recurrent set `set` of predicate `pred`, the witness,
  // its replay and the finding.
  void claim(const Target& t, const z3::expr& set, uint32_t set_arity, PredId pred, const std::string& why) {
    std::vector<const BinaryClause*> stems;
    if (pred == clp_.entry) stems.push_back(nullptr);
    for (const BinaryClause& s : unfolded_.clauses)
      if (s.head == clp_.entry && s.body && *s.body == pred) stems.push_back(&s);
    std::optional<std::vector<int64_t>> x;
    const BinaryClause* stem = nullptr;
    for (const Tier& tier : kTiers) {
      for (const BinaryClause* s : stems) {
        if (outOfTime()) return;
        x = reachableSet(solver_, entry_arity_, clp_.entry_constraint, boundsFor(clp_, entry_arity_, tier), s, set,
                         set_arity);
        if (x) {
          stem = s;
          break;
        }
      }
      if (x) break;
    }
    if (!x) return;
    std::optional<concrete::Witness> w = witnessFrom(clp_, entry_, main_, *x);
    if (!w) return;

    verdict::NonTermination nt;
    nt.loop = verdict::locate(*t.method, t.pc);
    nt.kind = t.recursion ? "recursion" : "loop";
    nt.witness = *w;
    nt.semantics = "math";
    nt.proof = fmt::format("{} (constraint logic program of paper 001)\n{};\n",
                           t.recursion ? "infinite recursion" : "non-terminating loop", why);
    if (stem)
      nt.proof += fmt::format("the entry reaches such a value (Prop. 5) through\n  {}\n", describe(clp_, *stem));
    else
      nt.proof += "the predicate is the entry's (Prop. 5)\n";
    std::string values;
    for (uint32_t k = 0; k < entry_arity_; ++k)
      values += fmt::format("{}{} = {}", k ? ", " : "", clp_.preds[clp_.entry].args[k], (*x)[k]);
    nt.proof += fmt::format("entry values: {}; {} binary clauses after {} unfolding step(s)", values,
                            unfolded_.clauses.size(), unfolded_.iterations);
    if (options_.replay) {
      replay::ReplayOptions ro = options_.replay_options;
      // A deep but finite recursion must not pass for an infinite one: the
      // replay runs with a stack far larger than the default (issue 5).
      ro.jvm_args.push_back("-Xss256m");
      if (t.recursion) ro.timeout_seconds = std::max(ro.timeout_seconds, 5.0);
      replay::ReplayResult r = replay::replay(ro, entry_, *w);
      nt.replay = fmt::format("{}{} (stack -Xss256m)",
                              r.outcome == replay::ReplayResult::Outcome::Exception && replayConfirms(r, t.recursion)
                                  ? "confirmed: "
                                  : "",
                              r.describe());
      if (!replayConfirms(r, t.recursion)) {
        v_.internal_errors.push_back(fmt::format("{} at {} with {} not confirmed by the JVM: {}; proof: {}", nt.kind,
                                                 nt.loop.method, w->describe(), nt.replay, nt.proof));
        ++refuted_[t.key];
        return;
      }
      if (r.outcome == replay::ReplayResult::Outcome::StillRunning) nt.semantics = "jvm (confirmed by replay)";
    } else {
      nt.replay = "not replayed";
    }
    found_.insert(t.key);
    v_.nonterminating.push_back(std::move(nt));
  }

  const program::MethodInfo& entry_;
  bool main_;
  const EngineOptions& options_;
  smt::Solver solver_;
  Clock::time_point t0_, deadline_;
  verdict::Verdict v_;
  bool ready_ = false;
  ClpProgram clp_;
  UnfoldResult unfolded_;
  uint32_t entry_arity_ = 0;
  std::set<std::string> found_;
  std::map<std::string, int> refuted_;
  size_t tried_ = 0, recurrent_ = 0;
};

}  // namespace

verdict::Verdict analyze(program::Program& program, const program::MethodInfo& entry, bool main_convention,
                         const EngineOptions& options) {
  return Analysis(program, entry, main_convention, options).run();
}

}  // namespace jhalt::clp
