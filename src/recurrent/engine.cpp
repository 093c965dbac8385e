#include "jhalt/recurrent/engine.h"

#include <fmt/format.h>

#include "jhalt/clp/criteria.h"
#include "jhalt/clp/entry_values.h"
#include "jhalt/recurrent/check.h"
#include "jhalt/recurrent/heap.h"
#include "jhalt/recurrent/loop.h"
#include "jhalt/recurrent/transfer.h"

namespace jhalt::recurrent {
namespace {

using Clock = std::chrono::steady_clock;

// Iterations of the loop allowed before a run enters the set, tried in turn.
constexpr int kReachDepths[] = {0, 8, 64};

// A recurrent set that passed Lemma 1's check.
struct Found {
  const Loop* loop = nullptr;
  std::string text;
  smt::Term set;  // over x<i>, with the frame
  std::string smtlib;
  Shape shape = Shape::Intervals;
  size_t states = 0, pieces = 0;
};

// The states from which `set` is reached within `depth` iterations of the
// loop's body paths (bounded model checking: R(x0) or a path into x1 and
// R(x1) or ...), over the head's variables x: a run may enter the set only
// after some iterations (Julia_11_iterative/NO_13 oscillates once j has come
// down to 51). Every level stays in the frame (JVM: ints).
smt::Term reachWithin(smt::Context& ctx, const LoopFormulas& f, const smt::Term& set, int depth) {
  auto level = [&](int i) { return i == 0 ? f.x : intVars(ctx, fmt::format("u{}_", i), static_cast<uint32_t>(f.x.size())); };
  smt::Term reach = set.substitute(f.x, level(depth));
  for (int i = depth - 1; i >= 0; --i) {
    std::vector<smt::Term> here = level(i), next = level(i + 1);
    std::vector<smt::Term> steps;
    for (size_t k = 0; k < f.body.size(); ++k) {
      std::vector<smt::Term> from = f.x, to = here;
      from.insert(from.end(), f.y.begin(), f.y.end());
      to.insert(to.end(), next.begin(), next.end());
      for (size_t t = 0; t < f.temporaries[k].size(); ++t) {
        from.push_back(f.temporaries[k][t]);
        to.push_back(ctx.intVar(fmt::format("w{}_{}_{}", i, k, t)));
      }
      steps.push_back(f.body[k].substitute(from, to));
    }
    reach = set.substitute(f.x, here) || (f.frame_next.substitute(f.y, next) && ctx.mkOr(steps) && reach);
  }
  return reach;
}

class Analysis {
 public:
  Analysis(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
           engine::Certifier& certifier, const RecurrentOptions& options)
      : entry_(entry), goal_(goal), budget_(budget), certifier_(certifier), options_(options),
        jvm_(entry.semantics == engine::Semantics::Jvm), solver_(smt::makeSolver(ctx_, options.smt, options.stats)) {
    r_.engine = "recurrent";
  }

  engine::Result run() {
    if (!entry_.method.hasCode()) {
      r_.notes.push_back("the entry method has no code");
      return std::move(r_);
    }
    size_t tried = options_.integer_templates ? integerSets() : 0;
    if (!done()) heapSets();
    if (r_.nonTerminating() == 0)
      r_.notes.push_back(fmt::format("{} loop(s) searched for a recurrent set over integer templates ({} abstract "
                                     "states), {} loop-head state(s) of runs tried as sets of abstract states, {} "
                                     "set(s) found{}",
                                     tried, states_, heap_attempts_, sets_,
                                     r_.unconfirmed.empty() ? "" : ", some claims not confirmed"));
    r_.answer = r_.nonTerminating() > 0 ? engine::Answer::No : engine::Answer::Maybe;
    return std::move(r_);
  }

 private:
  // The search over integer templates (§3) for each loop of the CLP
  // translation; returns the number of loops searched.
  size_t integerSets() {
    clp::TranslateOptions to = options_.translate;
    to.for_termination = true;
    to.int_overflow = jvm_;
    program_ = clp::translate(entry_.program, entry_.method, entry_.main_convention, to);
    // The stems (entry to loop head) come from the exact translation.
    plain_ = clp::translate(entry_.program, entry_.method, entry_.main_convention, options_.translate);
    clp::UnfoldOptions uo = options_.unfold;
    uo.max_clauses = budget_.scaled(uo.max_clauses);
    uo.deadline = std::min(uo.deadline, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                           std::chrono::duration<double>(budget_.secondsLeft() / 3)));
    unfolded_ = clp::unfold(plain_, *solver_, uo);
    loops_ = loopsOf(program_, jvm_, r_.notes);
    size_t tried = 0;
    for (const Loop& loop : loops_) {
      if (done() || tried++ >= options_.max_loops) break;
      budget_.checkMemory();
      try {
        analyseLoop(loop);
      } catch (const DeadlineReached&) {
        r_.notes.push_back("the time limit ended the search for recurrent sets (a timer only turns an answer into MAYBE)");
        break;
      }
    }
    return std::min(tried, loops_.size());
  }

  bool done() const { return budget_.expired() || (goal_.stop_at_first && r_.nonTerminating() > 0); }
  void trace(const std::string& text) const {
    if (options_.trace) options_.trace(text);
  }

  // Loops over the heap (and integer loops the search above missed):
  // states of concrete runs whose graph is closed (heap.h).
  void heapSets() {
    HeadFilter proven = [this](const program::MethodInfo& m, uint32_t pc) {
      return certifier_.confirmed(fmt::format("loop@{}:{}", engine::locate(m, pc).internalName(), pc));
    };
    HeapSets found = heapRecurrentSets(entry_, budget_, options_.heap, proven, options_.trace);
    heap_attempts_ = found.tried;
    for (const HeapSet& s : found.sets) {
      if (done()) return;
      ++sets_;
      claimHeap(s);
    }
  }

  // The binary clauses entry <- c, head of the exact translation.
  std::vector<const clp::BinaryClause*> stemsOf(const Loop& loop) const {
    std::vector<const clp::BinaryClause*> out;
    for (clp::PredId q = 0; q < plain_.preds.size(); ++q) {
      const clp::Predicate& p = plain_.preds[q];
      if (p.method != loop.method || p.pc != loop.pc || p.kind == clp::Predicate::Kind::Continuation ||
          p.arity() != loop.arity())
        continue;
      if (q == plain_.entry) out.push_back(nullptr);  // the loop head is the entry itself
      for (const clp::BinaryClause& s : unfolded_.clauses)
        if (s.head == plain_.entry && s.body && *s.body == q) out.push_back(&s);  // also into a callee
    }
    return out;
  }

  // Initial states (paper 003, §3.1: any set is sound): the first visits of
  // the head through each stem, then every state, split by the signs of the
  // variables (up to 4 of them) - a set like x >= 1 && y >= 0 is reached
  // from its orthant, never from top, whose post is top again.
  std::vector<Element> initialStates(Domain& d, const LoopFormulas& f,
                                     const std::vector<const clp::BinaryClause*>& stems) {
    std::vector<Element> out;
    smt::Term entry = clp::toSmt(ctx_, plain_.entry_constraint, "a");
    for (const clp::BinaryClause* s : stems) {
      smt::Term first = s ? entry && clp::clauseOver(*solver_, *s, "a", "y", "z") : clp::toSmt(ctx_, plain_.entry_constraint, "y");
      Element e = d.abstract(first && f.frame_next, f.y);
      if (!e.bottom && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(std::move(e));
    }
    const uint32_t n = static_cast<uint32_t>(f.x.size());
    if (n == 0 || n > 4) {
      out.push_back(d.top());
      return out;
    }
    for (uint32_t signs = 0; signs < (1u << n); ++signs) {
      std::vector<smt::Term> parts{f.frame};
      for (uint32_t i = 0; i < n; ++i) parts.push_back((signs >> i & 1) ? f.x[i] < 0 : f.x[i] >= 0);
      Element e = d.abstract(ctx_.mkAnd(parts), f.x);
      if (!e.bottom && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(std::move(e));
    }
    return out;
  }

  void analyseLoop(const Loop& loop) {
    // Proven by another engine already (Finding::key of a loop).
    if (certifier_.confirmed(fmt::format("loop@{}:{}", engine::locate(*loop.method, loop.pc).internalName(), loop.pc)))
      return;
    std::vector<const clp::BinaryClause*> stems = stemsOf(loop);
    if (stems.empty()) {
      trace(fmt::format("{}: no stem from the entry", program_.preds[loop.pred].name));
      return;
    }
    LoopFormulas f = formulasOf(ctx_, loop, jvm_);
    for (Shape shape : options_.shapes) {
      if (done()) return;
      std::unique_ptr<Domain> d = makeTemplateDomain(ctx_, loop.arity(), shape, 400000, budget_.deadline());
      ClauseTransfer transfer(*d, f, *solver_);
      SearchOptions so = options_.search;
      so.max_states = budget_.scaled(so.max_states);
      so.deadline = budget_.deadline();
      StateGraph g(*d, transfer, so);
      bool found = g.findFirst(initialStates(*d, f, stems));
      for (size_t k = 0; found && k < options_.max_sets && !done(); ++k) {
        std::vector<Element> rec = readable(*d, g.recurrent(), f);
        std::string text = textOf(*d, rec, loop.vars);
        std::string title = fmt::format("recurrent set of the loop at {} ({} integers, {})",
                                        engine::locate(*loop.method, loop.pc).javaName(), jvm_ ? "JVM" : "mathematical",
                                        shapeName(shape));
        smt::Term set = formulaOf(*d, rec, f.x, ctx_);
        SetCheck check = checkRecurrentSet(*solver_, loop, f, set, title);
        trace(fmt::format("{} {}: {} after {} states: {}", program_.preds[loop.pred].name, shapeName(shape), text,
                          g.states(), check.ok ? "checked" : check.failure));
        if (check.ok) {
          ++sets_;
          Found found_set{&loop, text, f.frame && set, check.smtlib, shape, g.states(), rec.size()};
          if (claim(found_set, f, stems)) {
            states_ += g.states();
            return;
          }
        }
        found = g.findNext();
      }
      states_ += g.states();
    }
  }

  // The same set, easier to read (and to check): pieces inside another
  // piece dropped, then each piece's bounds that the rest of it (and the
  // frame) imply, relations before intervals. Equal to the set found.
  std::vector<Element> readable(const Domain& d, std::vector<Element> pieces, const LoopFormulas& f) {
    std::vector<Element> kept;
    for (size_t i = 0; i < pieces.size(); ++i) {
      bool inside = false;
      for (size_t j = 0; j < pieces.size() && !inside; ++j)
        inside = j != i && d.leq(pieces[i], pieces[j]) && (!d.leq(pieces[j], pieces[i]) || j < i);
      if (!inside) kept.push_back(pieces[i]);
    }
    for (Element& e : kept) {
      if (e.bottom) continue;
      for (size_t t = e.upper.size(); t-- > 0;) {
        if (!e.upper[t]) continue;
        Element rest = e, bound = d.top();
        rest.upper[t].reset();
        bound.upper[t] = e.upper[t];
        solver_->push();
        solver_->add(f.frame && d.formula(rest, f.x) && !d.formula(bound, f.x));
        bool implied = solver_->check("recurrent-simplify") == smt::Result::Unsat;
        solver_->pop();
        if (implied) e = std::move(rest);
      }
    }
    return kept;
  }

  // Prop. 5 of paper 001 for the set: entry values reaching it, the
  // witness, and the claim.
  bool claim(const Found& s, const LoopFormulas& paths, const std::vector<const clp::BinaryClause*>& stems) {
    const uint32_t entry_arity = static_cast<uint32_t>(plain_.preds[plain_.entry].arity());
    std::optional<std::vector<int64_t>> x;
    const clp::BinaryClause* stem = nullptr;
    int iterations = 0;  // of the loop before the run is in the set
    for (const clp::WitnessTier& tier : clp::witnessTiers()) {
      for (int depth : kReachDepths) {
        smt::Term target = depth == 0 ? s.set : reachWithin(ctx_, paths, s.set, depth);
        for (const clp::BinaryClause* st : stems) {
          if (budget_.expired()) return false;
          x = clp::reachableSet(*solver_, entry_arity, plain_.entry_constraint,
                                clp::boundsFor(plain_, entry_arity, tier), st, target, s.loop->arity());
          if (x) {
            stem = st;
            iterations = depth;
            break;
          }
        }
        if (x) break;
      }
      if (x) break;
    }
    if (!x) return false;
    std::optional<input::Witness> w = clp::witnessFrom(plain_, entry_.method, entry_.main_convention, *x);
    if (!w) return false;
    engine::Claim c;
    engine::Finding& f = c.finding;
    f.kind = engine::FindingKind::NonTermination;
    f.nonterm = engine::NonTermKind::Recurrent;
    f.where = engine::locate(*s.loop->method, s.loop->pc);
    f.witness = *w;
    f.engine = "recurrent";
    f.recurrent_set = s.text;
    f.recurrent_smtlib = s.smtlib;
    f.proof = proofText(s, stem, *x, iterations);
    return submit(std::move(c));
  }

  // A set over the heap (heap.h) becomes a claim like any other.
  void claimHeap(const HeapSet& s) {
    engine::Claim c;
    engine::Finding& f = c.finding;
    f.kind = engine::FindingKind::NonTermination;
    f.nonterm = engine::NonTermKind::Recurrent;
    f.where = engine::locate(*s.method, s.pc);
    f.witness = s.witness;
    f.engine = "recurrent";
    f.recurrent_set = s.text;
    f.recurrent_heap = true;
    if (s.recursion) return claimRecursion(s, std::move(c));
    f.proof = fmt::format(
        "universal recurrent set (paper 003, Lemma 1 and Thm. 1) of the loop, a set of abstract states (thesis 002: "
        "heap shape, types, integer intervals), {} integers:\n  {}\n"
        "({}); the symbolic execution graph from it (thesis 002, Alg. 2: post- and containment-edges, paper 003 "
        "§3.2) is complete, has {} abstract states and no program end, so all of them form a recurrent component "
        "(paper 003, Thm. 2) and no run from the set ever leaves the loop's method (assuming no "
        "VirtualMachineError such as OutOfMemoryError)\n"
        "the witness's run is in the set at its visit {} of the loop head",
        jvm_ ? "JVM" : "mathematical", s.text, s.abstracted, s.states, s.visits);
    submit(std::move(c));
  }

  // A recursive method's entry whose frame never returns: an infinite
  // recursion at the call site that made the frame; on the JVM it ends in
  // StackOverflowError (as in the clp engine).
  void claimRecursion(const HeapSet& s, engine::Claim c) {
    engine::Finding& f = c.finding;
    f.where = engine::locate(*s.call_method, s.call_pc);
    f.proof = fmt::format(
        "infinite recursion: a universal recurrent set (paper 003, Lemma 1 and Thm. 1) at the entry of {}, a set of "
        "abstract states (thesis 002: heap shape, types, integer intervals), {} integers:\n  {}\n"
        "({}); the symbolic execution graph from it, with the recursive calls' stacks abstracted (thesis 002, "
        "Ch. 3), is complete, has {} abstract states and no program end: the frame never returns, every run from "
        "the set calls deeper forever\n"
        "the witness's run is in the set at its call {} of the method",
        s.method->qualifiedName(), jvm_ ? "JVM" : "mathematical", s.text, s.abstracted, s.states, s.visits);
    if (jvm_) {
      if (!goal_.exceptions) return;
      f.kind = engine::FindingKind::Exception;
      f.exception = "java/lang/StackOverflowError";
      f.proof += "\non the JVM the infinite recursion ends in java.lang.StackOverflowError";
    } else {
      f.nonterm = engine::NonTermKind::Recursion;
    }
    f.recurrent_heap = false;
    submit(std::move(c));
  }

  // The certifier confirms (or refutes) the claim.
  bool submit(engine::Claim c) {
    c.proven_for = engine::SemanticsSet::only(entry_.semantics);
    engine::Certifier::Outcome out = certifier_.certify(entry_, c);
    if (out.status == engine::Certifier::Status::Confirmed) {
      r_.findings.push_back(std::move(out.finding));
      return true;
    }
    if (out.status == engine::Certifier::Status::Duplicate) return true;
    r_.unconfirmed.push_back({std::move(c.finding), std::move(out.reason)});
    return false;
  }

  std::string proofText(const Found& s, const clp::BinaryClause* stem, const std::vector<int64_t>& x,
                        int iterations) const {
    std::string exits;
    for (const Path& p : s.loop->exits) exits += "\n  exit: " + p.exit;
    std::string values;
    for (uint32_t k = 0; k < x.size(); ++k)
      values += fmt::format("{}{} = {}", k ? ", " : "", plain_.preds[plain_.entry].args[k], x[k]);
    return fmt::format(
        "universal recurrent set (paper 003, Lemma 1 and Thm. 1) of the loop, {} integers:\n  {}\n"
        "found by the forward search over {} ({} abstract states, {} piece(s)) and checked: it is not empty, each of "
        "its states takes one of the {} body path(s), each path leads back into it, and none of its states may "
        "take an exit:{}\n"
        "the entry reaches it (paper 001, Prop. 5){}{}\nentry values: {}",
        jvm_ ? "JVM (every variable an int, no int overflow)" : "mathematical", s.text, shapeName(s.shape), s.states,
        s.pieces, s.loop->body.size(), exits.empty() ? " (none)" : exits,
        stem ? " through\n  " + clp::describe(plain_, *stem) : std::string(": the loop head is the entry"),
        iterations ? fmt::format("\n  then within {} iterations of the loop", iterations) : std::string(), values);
  }

  const engine::Entry& entry_;
  const engine::Goal& goal_;
  const engine::Budget& budget_;
  engine::Certifier& certifier_;
  const RecurrentOptions& options_;
  const bool jvm_;
  smt::Context ctx_;
  std::unique_ptr<smt::Solver> solver_;
  engine::Result r_;
  clp::ClpProgram program_, plain_;
  clp::UnfoldResult unfolded_;
  std::vector<Loop> loops_;
  size_t states_ = 0, sets_ = 0, heap_attempts_ = 0;
};

}  // namespace

engine::Result RecurrentEngine::analyze(const engine::Entry& entry, const engine::Goal& goal,
                                        const engine::Budget& budget, engine::Certifier& certifier) {
  return Analysis(entry, goal, budget, certifier, options_).run();
}

}  // namespace jhalt::recurrent
