#include "jhalt/its/engine.h"

#include <chrono>

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "jhalt/its/check.h"
#include "jhalt/its/from_clp.h"
#include "jhalt/its/from_seg.h"
#include "jhalt/seg/builder.h"
#include "jhalt/seg/dot.h"
#include "jhalt/its/obligations.h"
#include "jhalt/program/field_values.h"
#include "jhalt/program/targets.h"
#include "encode.h"

namespace jhalt::its {
namespace {

std::string functionText(const Location& l, const LinearFn& f) {
  std::string out;
  for (size_t j = 0; j < f.coef.size(); ++j) {
    if (f.coef[j] == 0) continue;
    std::string term = f.coef[j] == 1 ? l.vars[j] : f.coef[j] == -1 ? "-" + l.vars[j]
                                                                     : fmt::format("{}*{}", f.coef[j], l.vars[j]);
    out += out.empty() ? term : (term[0] == '-' ? " - " + term.substr(1) : " + " + term);
  }
  if (f.constant != 0 || out.empty())
    out += out.empty() ? std::to_string(f.constant)
                       : fmt::format(" {} {}", f.constant < 0 ? '-' : '+', f.constant < 0 ? -f.constant : f.constant);
  return out;
}

}  // namespace

std::string proofText(const Its& its, const Proof& proof) {
  std::string out = fmt::format(
      "integer transition system: {} locations, {} transitions; {}\n", its.locs.size(), its.trans.size(),
      proof.facts.jvm ? "over JVM ints (every variable an int; no int operation on a run can overflow)"
                      : "over mathematical integers");
  if (its.from_graph) {
    out += "from the symbolic execution graph of main (thesis 002): one location per loop head, with the "
           "integers of its state (locals, fields, array lengths) and the sizes |x| of the structures it shows "
           "(objects of their unfolding into a tree; only where no cycle and no sharing may be reached); values the "
           "graph abstracts are unconstrained; the JDK's class initializers and the library methods it may call "
           "(String.length, println, ...) terminate; the JVM does not run out of memory or stack (no "
           "VirtualMachineError)\n";
    if (its.stored_fields > 0)
      out += fmt::format("a field read from an object the graph abstracts holds one of the classes the program's own "
                         "code stores into it ({} field{}; a closed world: no library code got an application object, "
                         "so no reflection or deserialization wrote one)\n",
                         its.stored_fields, its.stored_fields == 1 ? "" : "s");
    if (!its.norm.empty())
      out += fmt::format("sizes are weighted unfoldings: {} (|x| = 1 + the weighted sizes of its fields' values)\n",
                         its.norm);
  } else {
    out += "over-approximations: values the translation does not track are unconstrained (fields, array elements, "
           "results of calls); an uncaught exception ends the run; the JDK's class initializers and the library "
           "methods it may call (String.length, Math.abs, println, ...) terminate\n";
  }
  for (const auto& lemma : its.lemmas)
    out += fmt::format("lemma (stated on each call's summary): {}; shown by induction on the order in which calls "
                       "return: each of the {} paths from the method's entries to its returns contradicts its "
                       "negation\n",
                       lemma->text, lemma->infeasible.size());
  for (LocId l = 0; l < proof.facts.inv.size(); ++l) {
    if (proof.facts.inv[l].empty()) continue;
    const Location& loc = its.locs[l];
    std::string atoms;
    for (const LinCon& c : proof.facts.inv[l])
      atoms += (atoms.empty() ? "" : " && ") + clp::toString(c, [&](Var v) { return loc.vars[v]; });
    out += fmt::format("invariant at {}: {}\n", loc.name, atoms);
  }
  if (!proof.dead.empty()) out += fmt::format("{} transitions cannot be taken (infeasible guards)\n", proof.dead.size());
  size_t k = 0;
  for (const Round& r : proof.rounds) {
    out += fmt::format("round {}:\n", ++k);
    if (!r.phases.empty()) {
      out += fmt::format("  multiphase ({} phases; Ben-Amram and Genaim): on each step named below g1 falls by at least 1, "
                         "each later gi by at least 1 - g(i-1), and the last is >= 0; on the other steps none "
                         "increases\n", r.phases.size() + 1);
      for (size_t i = 0; i < r.phases.size(); ++i)
        for (const auto& [l, g] : r.phases[i])
          out += fmt::format("  g{}({}) = {}\n", i + 1, its.locs[l].name, functionText(its.locs[l], g));
    }
    for (const auto& [l, f] : r.f)
      out += fmt::format("  {}({}) = {}\n", r.phases.empty() ? std::string("f") : fmt::format("g{}", r.phases.size() + 1),
                         its.locs[l].name, functionText(its.locs[l], f));
    for (TransId t : r.strict)
      out += fmt::format("  {}: {}\n", r.phases.empty() ? "decreases by at least 1, from >= 0" : "ranked through its phases",
                         its.trans[t].origin);
    if (r.strict.size() < r.scc.size())
      out += fmt::format("  does not increase on the other {} transitions of the loop\n", r.scc.size() - r.strict.size());
  }
  for (const Cut& c : proof.cuts) {
    const std::string when =
        c.before_round == 0 ? std::string("before round 1") : fmt::format("after round {}", c.before_round);
    if (c.paths.empty()) {
      out += fmt::format("{}: no step left in its loop can follow {} (each sequence infeasible), so it is removed\n",
                         when, its.trans[c.t].origin);
      continue;
    }
    size_t cuts = 0, longest = 0;
    for (const auto& [path, cert] : c.paths) {
      cuts += cert.cuts.size();
      longest = std::max(longest, path.size());
    }
    out += fmt::format("{}: {} of its loop can follow {} (each sequence infeasible over the integers, {} "
                       "Chvátal-Gomory cuts), so it is removed\n",
                       when, longest > 1 ? "at most one more step" : "no step left", its.trans[c.t].origin, cuts);
  }
  if (proof.rounds.empty() && proof.cuts.empty())
    out += "no transition can be taken twice: no ranking function is needed\n";
  return out;
}

namespace {

struct Attempt {
  Its its;  // the system the proof is about
  std::optional<Proof> proof;
  std::string why_not;
  size_t certificates = 0;
  size_t call_states = 0;  // recursive calls abstracted in the graph (proveViaSeg)
  size_t loop_entries_repeated = 0;  // seg::BuildResult::loop_entries_repeated of that graph
};

// Each claim once more as a query of its own (written out by --dump-smt,
// where the test suite re-checks them with cvc5); a claim the solver does
// not refute is a rejected proof.
std::string reCheckClaims(const Its& its, const Proof& proof, smt::Solver& solver) {
  for (const Obligation& o : obligations(its, proof, solver.ctx())) {
    solver.push();
    solver.add(o.formula);
    smt::Result r = solver.check("its-obligation");
    solver.pop();
    if (r != smt::Result::Unsat) return fmt::format("the solver does not confirm that {}", o.what);
  }
  return {};
}

Attempt proveIn(Its system, bool jvm, smt::Solver& solver, RankOptions ro, bool claims_as_queries) {
  Attempt a;
  a.its = std::move(system);
  const Its& its = a.its;
  ro.jvm = jvm;
  RankResult ranked = prove(its, solver, ro);
  if (!ranked.proof) {
    a.why_not = ranked.why_not;
    return a;
  }
  if (ranked.proof->facts.jvm != jvm) {
    a.why_not = "proof rejected: it is for the other integer semantics";
    return a;
  }
  CheckResult checked = check(its, *ranked.proof);
  if (!checked.ok) {
    a.why_not = "proof rejected by the exact check: " + checked.error;
    return a;
  }
  if (claims_as_queries) {
    std::string why = reCheckClaims(its, *ranked.proof, solver);
    if (!why.empty()) {
      a.why_not = "proof rejected: " + why;
      return a;
    }
  }
  a.proof = std::move(ranked.proof);
  a.certificates = checked.certificates;
  return a;
}

}  // namespace

namespace {

// The name of a field for the proof and for reuse across semantics.
std::string fieldName(state::TypeSystem& types, state::FieldId f) {
  const state::FieldInfo& fi = types.fieldInfo(f);
  return fi.owner + "." + fi.name;
}

// The candidates of a weighted norm: the instance fields the graph's states
// show whose values are themselves structures (not java.lang.Object,
// strings, boxes or arrays), the one that worked for the other semantics
// first, then links between types before links within one, each in the
// order of their ids; at most `limit`.
std::vector<state::FieldId> weightCandidates(const seg::Graph& graph, state::TypeSystem& types, size_t limit,
                                             const std::string& preferred) {
  std::set<state::FieldId> shown;
  for (seg::NodeId n : graph.nodes())
    for (const auto& [r, v] : graph.state(n).heap)
      for (const auto& [f, c] : v->fields) {
        const state::FieldInfo& fi = types.fieldInfo(f);
        if (fi.isStatic || fi.kind() != 'L' || fi.descriptor.rfind("Ljava/", 0) == 0) continue;
        shown.insert(f);
      }
  std::vector<state::FieldId> out(shown.begin(), shown.end());
  // Links from a container to its elements (TreeList.value: Tree) before
  // the links of one recursive type (Tree.left: Tree).
  std::stable_partition(out.begin(), out.end(), [&](state::FieldId f) {
    const state::FieldInfo& fi = types.fieldInfo(f);
    return fi.descriptor != "L" + fi.owner + ";";
  });
  std::stable_partition(out.begin(), out.end(),
                        [&](state::FieldId f) { return fieldName(types, f) == preferred; });
  if (out.size() > limit) out.resize(limit);
  return out;
}

// Proofs through the symbolic execution graph from main (from_seg.h): for
// loops over the heap, which the CLP translation does not measure.
// How the graph of proveViaSeg is built.
struct GraphVariant {
  bool stored_values = true;         // fields hold what the program stores in them
  bool abstract_outer_calls = true;  // seg::BuildOptions::abstract_outer_calls
  bool peel_loop_entries = false;    // seg::BuildOptions::peel_loop_entries
};

Attempt proveViaSeg(const engine::Entry& entry, bool jvm, const engine::Budget& budget, const TermOptions& o,
                    smt::Solver& solver, const RankOptions& ro, bool dumping, std::string& weighted_field,
                    GraphVariant variant = {}) {
  Attempt a;
  bool stored_values = variant.stored_values;
  state::TypeSystem types(entry.program);
  // Fields hold what the program stores in them (program/field_values.h):
  // in the closed world of a run from main that hands no application
  // object to library code it does not follow (checked below).
  stored_values = stored_values && entry.main_convention && !entry.live;
  size_t stored_fields = 0;
  if (stored_values) {
    auto values = std::make_shared<program::FieldValues>(
        program::storedFieldValues(entry.program, program::applicationClasses(entry.program)));
    if (o.trace) o.trace(fmt::format("stored field values: {} fields known{}\n", values->known.size(),
                                     values->why_not.empty() ? "" : " (" + values->why_not + ")"));
    if (o.trace)
      for (const auto& [field, classes] : values->known)
        o.trace(fmt::format("  {}: {}\n", field, fmt::join(classes, ", ")));
    for (const auto& [field, classes] : values->known) stored_fields += classes.empty() ? 0 : 1;
    types.useFieldValues(std::move(values));
  }
  state::RefAllocator alloc;
  seg::BuildOptions bo = o.build;
  bo.abstract_outer_calls = variant.abstract_outer_calls;
  bo.peel_loop_entries = variant.peel_loop_entries;
  bo.eval.jvm_int_semantics = jvm;
  bo.max_nodes = budget.scaled(bo.max_nodes);
  bo.max_evaluations = budget.scaled(bo.max_evaluations);
  bo.max_seconds = std::min(bo.max_seconds, budget.secondsLeft() / 2);
  bo.checkpoint = [&budget] { budget.checkMemory(); };
  seg::Evaluator sym(entry.program, types, alloc, bo.eval);
  // Finalizers run on the JVM's finalizer thread at any time; the graph
  // follows one thread.
  for (const program::ClassInfo* c : sym.knownClasses())
    if (const program::MethodInfo* fin = c->declaredMethod("finalize", "()V"); fin && !fin->isStatic()) {
      a.why_not = fmt::format("{} has a finalizer, which runs on another thread", c->name());
      return a;
    }
  seg::Graph graph;
  seg::BuildResult built = seg::buildGraph(graph, sym.mainEntry(entry.method), sym, bo);
  if (stored_values && sym.libraryCallbacks() > 0) {
    if (o.trace) o.trace("library code gets application objects: the graph again without stored field values\n");
    variant.stored_values = false;
    return proveViaSeg(entry, jvm, budget, o, solver, ro, dumping, weighted_field, variant);
  }
  a.call_states = built.call_states;
  a.loop_entries_repeated = built.loop_entries_repeated;
  if (o.graph_dot) o.graph_dot(seg::toDot(graph, types));
  if (built.status != seg::BuildResult::Status::Complete) {
    a.why_not = "symbolic execution graph incomplete: " + built.reason;
    return a;
  }
  SegItsOptions so;
  so.jvm = jvm;
  so.max_transitions = o.max_transitions;
  so.deadline = budget.deadline();
  so.infeasible = [&solver](const std::vector<Row>& rows, size_t num_vars) {
    return detail::infeasible(rows, num_vars, solver, "its return lemma");
  };
  if (o.trace) o.trace(fmt::format("graph: {} states ({:.2f} s left)\n", graph.nodeSlots(), budget.secondsLeft()));
  SegIts si = fromSeg(graph, types, so);
  if (o.trace) o.trace(fmt::format("its: {} ({:.2f} s left)\n", si.why_not, budget.secondsLeft()));
  if (!si.why_not.empty()) {
    a.why_not = "symbolic execution graph: " + si.why_not;
    return a;
  }
  if (o.trace) o.trace("from the symbolic execution graph:\n" + toText(si.its));
  // The plain norm, then weighted norms (one reference field at a time
  // weighing 2: for loops that rebuild a structure without shrinking it,
  // such as rotations), each first without invariants, then with them.
  std::vector<std::optional<state::FieldId>> norms{std::nullopt};
  for (state::FieldId f : weightCandidates(graph, types, o.max_weighted_norms, weighted_field)) norms.push_back(f);
  std::vector<std::optional<Its>> systems(norms.size());
  si.its.stored_fields = stored_fields;
  systems[0] = std::move(si.its);
  for (bool with_invariants : {false, true}) {
    if (with_invariants && !ro.invariants) break;
    RankOptions r = ro;
    r.plain = !with_invariants;
    r.invariants = with_invariants;
    for (size_t k = 0; k < norms.size() && !budget.expired(); ++k) {
      if (!systems[k]) {
        so.exact_sizes = true;
        so.field_weights = {{*norms[k], 2}};
        SegIts wi = fromSeg(graph, types, so);
        if (!wi.why_not.empty()) continue;
        if (o.trace) o.trace("from the symbolic execution graph, weighted:\n" + toText(wi.its));
        wi.its.stored_fields = stored_fields;
        systems[k] = std::move(wi.its);
      }
      auto started = std::chrono::steady_clock::now();
      Attempt w = proveIn(*systems[k], jvm, solver, r, dumping);
      if (o.trace)
        o.trace(fmt::format("attempt: norm {}, {} invariants: {} ({:.2f} s)\n", k, with_invariants ? "with" : "without",
                            w.proof ? "proof" : w.why_not,
                            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()));
      if (k == 0 && !with_invariants) a.why_not = w.why_not;
      if (k == 0 && with_invariants && w.why_not != "no invariants found") a.why_not = w.why_not;
      if (!w.proof) continue;
      if (norms[k]) weighted_field = fieldName(types, *norms[k]);
      return w;
    }
  }
  if (!a.proof) a.why_not = "symbolic execution graph: " + a.why_not;
  return a;
}

}  // namespace

engine::Result TerminationEngine::analyze(const engine::Entry& entry, const engine::Goal& goal,
                                          const engine::Budget& budget, engine::Certifier&) {
  engine::Result result;
  result.engine = "term";
  const bool jvm = entry.semantics == engine::Semantics::Jvm;
  // The other semantics too, except where the first answer ends the run
  // (termcomp): then the YES states only the semantics asked for.
  const bool both = !goal.stop_at_first;
  clp::TranslateOptions to = options_.translate;
  to.for_termination = true;
  to.int_overflow = jvm || both;
  clp::ClpProgram program = clp::translate(entry.program, entry.method, entry.main_convention, to);
  Its its = fromClp(program, entry.main_convention);
  if (options_.trace) options_.trace(toText(its));
  const bool clp_small = its.trans.size() <= options_.max_transitions;
  smt::Context ctx;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, options_.smt, options_.stats);
  solver->setDeadline(budget.deadline());
  RankOptions ro = options_.rank;
  ro.max_rounds = budget.scaled(ro.max_rounds);
  ro.invariant.max_checks = budget.scaled(ro.invariant.max_checks);
  ro.deadline = budget.deadline();
  const bool dumping = !options_.smt.dump_dir.empty();
  // Each semantics through the CLP translation first (paths between cut
  // points, calls and recursion), then, for main, through the symbolic
  // execution graph (heap sizes, field values).
  std::string weighted_field;  // the field of a weighted norm that worked, tried first for the other semantics
  std::optional<GraphVariant> proven_variant;  // likewise, a second graph that gave the proof
  auto attempt = [&](bool sem) {
    Attempt a;
    if (clp_small)
      a = proveIn(its, sem, *solver, ro, dumping);
    else
      a.why_not = fmt::format("the transition system is too large ({} transitions)", its.trans.size());
    if (a.proof || !entry.main_convention || budget.expired()) return a;
    // A second graph that gave the proof for the other semantics first
    // (the same program rarely needs another).
    if (proven_variant) {
      Attempt v = proveViaSeg(entry, sem, budget, options_, *solver, ro, dumping, weighted_field, *proven_variant);
      if (v.proof) return v;
    }
    Attempt s = proveViaSeg(entry, sem, budget, options_, *solver, ro, dumping, weighted_field);
    if (s.proof) return s;
    // A graph with recursion once more, its outermost recursive calls
    // evaluated in their callers' contexts (CAppE: the first level's write
    // `this.next = new` is what the caller's loop tests afterwards); then
    // once more with each entry of a loop evaluated one iteration before it
    // is taken in by the loop's general state (Count: the entry condition
    // `start.left != null` forces a rotation first; Converge: the first
    // iteration decides the direction).
    GraphVariant inlined, peeled;
    inlined.abstract_outer_calls = false;
    peeled.peel_loop_entries = true;
    for (const auto& [variant, why] : {std::pair{inlined, "outermost recursive calls in their callers' contexts"},
                                       std::pair{peeled, "loop entries peeled"}}) {
      if (budget.expired() || (!variant.abstract_outer_calls && s.call_states == 0) ||
          (variant.peel_loop_entries && s.loop_entries_repeated == 0))
        continue;
      if (options_.trace) options_.trace(fmt::format("the graph again, {}\n", why));
      Attempt v = proveViaSeg(entry, sem, budget, options_, *solver, ro, dumping, weighted_field, variant);
      if (!v.proof) continue;
      proven_variant = variant;
      return v;
    }
    a.why_not += "; " + s.why_not;
    return a;
  };
  // The entry's semantics first; then the other, so that a YES says
  // whether it holds for both (docs/design/termination.md §5).
  Attempt asked = attempt(jvm);
  if (!asked.proof) {
    result.notes.push_back(asked.why_not);
    return result;
  }
  Attempt other;
  if (both) other = attempt(!jvm);
  engine::TerminationProof tp;
  tp.proven_for = engine::SemanticsSet::only(entry.semantics);
  if (other.proof) tp.proven_for = engine::SemanticsSet::both();
  tp.certificates = asked.certificates;
  tp.text = proofText(asked.its, *asked.proof) +
            fmt::format("{} Farkas certificates re-checked with exact integer arithmetic (GMP)\n", asked.certificates);
  if (other.proof)
    tp.text += fmt::format("also proven over {} ({} certificates re-checked)\n",
                           jvm ? "mathematical integers" : "JVM ints (no int overflow on any run)", other.certificates);
  else if (both)
    tp.text += fmt::format("not proven over {}: {}\n", jvm ? "mathematical integers" : "JVM ints", other.why_not);
  if (options_.trace) options_.trace(tp.text);
  result.answer = engine::Answer::Yes;
  result.termination = std::move(tp);
  return result;
}

}  // namespace jhalt::its
