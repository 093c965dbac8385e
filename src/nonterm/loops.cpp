#include "jhalt/nonterm/loops.h"
#include "jhalt/witness/correspondence.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "jhalt/state/merge.h"
#include "jhalt/state/print.h"
#include "invariant.h"


namespace jhalt::nonterm {

using state::HeapValue;
using state::Ref;
using state::State;

LoopProver::LoopProver(const seg::Graph& graph, state::TypeSystem& types, smt::Solver& solver, bool bit_vectors)
    : g_(graph), types_(types), solver_(solver), enc_(solver, graph, bit_vectors), interesting_(graph) {}

std::string LoopProver::describe(seg::NodeId head) const {
  const State& s = g_.state(head);
  const auto& f = s.top();
  return fmt::format("{} offset {} (line {})", f.method->qualifiedName(), f.pc, f.method->code().line(f.pc));
}

// Simple paths from `head` back to it inside the SCC.
std::vector<Path> LoopProver::cyclePaths(seg::NodeId head, const std::vector<seg::NodeId>& scc, size_t max,
                                         bool& complete) {
  std::vector<Path> out;
  complete = true;
  Path cur;
  std::vector<seg::NodeId> on_path{head};
  std::function<void(seg::NodeId)> dfs = [&](seg::NodeId n) {
    for (seg::EdgeId e : g_.outEdges(n)) {
      if (out.size() >= max) {
        complete = false;
        return;
      }
      seg::NodeId t = g_.edge(e).to;
      if (!std::binary_search(scc.begin(), scc.end(), t)) continue;
      cur.push_back(e);
      if (t == head) {
        out.push_back(cur);
      } else if (std::find(on_path.begin(), on_path.end(), t) == on_path.end()) {
        on_path.push_back(t);
        dfs(t);
        on_path.pop_back();
      }
      cur.pop_back();
    }
  };
  dfs(head);
  return out;
}

bool LoopProver::hasSubLoop(seg::NodeId head, const std::vector<seg::NodeId>& scc) const {
  // Is the SCC without `head` acyclic? (Kahn's algorithm on the subgraph.)
  std::map<seg::NodeId, int> indeg;
  for (seg::NodeId n : scc)
    if (n != head) indeg[n] = 0;
  for (seg::NodeId n : scc) {
    if (n == head) continue;
    for (seg::EdgeId e : g_.outEdges(n)) {
      seg::NodeId t = g_.edge(e).to;
      if (t != head && indeg.count(t)) ++indeg[t];
    }
  }
  std::vector<seg::NodeId> work;
  for (auto& [n, d] : indeg)
    if (d == 0) work.push_back(n);
  size_t removed = 0;
  while (!work.empty()) {
    seg::NodeId n = work.back();
    work.pop_back();
    ++removed;
    for (seg::EdgeId e : g_.outEdges(n)) {
      seg::NodeId t = g_.edge(e).to;
      if (t != head && indeg.count(t) && --indeg[t] == 0) work.push_back(t);
    }
  }
  return removed != indeg.size();
}

std::vector<std::pair<Ref, Ref>> LoopProver::endPairs(const Path& p) const {
  const seg::Edge& last = g_.edge(p.back());
  std::vector<std::pair<Ref, Ref>> out;
  const State& from = g_.state(last.from);
  const State& to = g_.state(last.to);
  auto pairs = last.kind == seg::EdgeKind::Instance ? last.instance : witness::correspondence(from, to);
  for (const auto& [x, y] : pairs)
    if (from.isInteger(x) && to.isInteger(y)) out.push_back({x, y});
  return out;
}

namespace {

std::vector<Ref> intRefs(const State& s) {
  std::vector<Ref> out;
  for (const auto& [r, v] : s.heap)
    if (v->kind == HeapValue::Kind::Integer) out.push_back(r);
  return out;
}

}  // namespace

LoopProver::LoopParts LoopProver::buildParts(seg::NodeId head, const std::vector<Path>& paths) {
  const State& h = g_.state(head);
  LoopParts lp;
  enc_.invariants(head, "h", lp.mu_h);
  enc_.invariants(head, "r", lp.mu_r);
  for (size_t k = 0; k < paths.size(); ++k) {
    std::string lab = fmt::format("p{}", k);
    std::vector<smt::Term> phi, psi, iota;
    enc_.path(paths[k], lab, phi, psi);
    for (Ref i : intRefs(h)) iota.push_back(enc_.var(i, lab) == enc_.var(i, "h"));
    smt::Term entered = enc_.conj(phi) && enc_.conj(psi) && enc_.conj(iota);
    std::vector<smt::Term> end;
    for (const auto& [x, y] : endPairs(paths[k])) end.push_back(enc_.var(x, lab) == enc_.var(y, "r"));
    std::vector<smt::Term> phi_r, psi_r;
    enc_.path(paths[k], "r", phi_r, psi_r);
    lp.parts.push_back(LoopParts::Part{entered, entered && enc_.conj(end), !enc_.conj(phi_r) && enc_.conj(psi_r)});
  }
  return lp;
}

// Paper 000, Thm. 8 and the formulas ρ and σ of §4.2. The theorem is
// applied to the largest set P of paths that is closed: a run through a path
// of P never leads to values for which no path of P is taken (ρ(P)
// unsatisfiable). For P = all paths this is the paper's formulation; a subset
// gives a smaller recurrent set by the same argument (a loop that may also
// run into an exit path once, as `if (-5 <= i <= 5) i = 0`). `inv_h` and
// `inv_r` restrict the region by an invariant (true, or one found by
// strengthen()) over the head's references labelled "h" and "r"; the caller
// guarantees that every path of `paths` preserves it.
std::optional<LoopProof> LoopProver::nonLooping(seg::NodeId head, const std::vector<Path>& paths,
                                                const LoopParts& lp, const smt::Term& inv_h, const smt::Term& inv_r,
                                                const std::string& inv_text) {
  const State& h = g_.state(head);
  smt::Term mu_h = enc_.conj(lp.mu_h) && inv_h;
  smt::Term mu_r = enc_.conj(lp.mu_r) && inv_r;
  const auto& parts = lp.parts;
  std::vector<bool> in(paths.size(), true);
  auto leaving = [&](size_t j) {
    std::vector<smt::Term> second;
    for (size_t i = 0; i < parts.size(); ++i)
      if (in[i]) second.push_back(parts[i].second);
    solver_.push();
    solver_.add(mu_h && parts[j].first && mu_r && enc_.conj(second));
    smt::Result r = solver_.check("rho");
    solver_.pop();
    return r != smt::Result::Unsat;  // unknown counts as leaving: sound
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t j = 0; j < parts.size(); ++j)
      if (in[j] && leaving(j)) {
        in[j] = false;
        changed = true;
      }
  }
  std::vector<smt::Term> first, region;
  size_t kept = 0;
  for (size_t j = 0; j < parts.size(); ++j)
    if (in[j]) {
      first.push_back(parts[j].first);
      region.push_back(parts[j].entered);
      ++kept;
    }
  if (kept == 0) return std::nullopt;
  smt::Term sigma = mu_h && solver_.ctx().mkOr(first);
  solver_.push();
  solver_.add(sigma);
  smt::Result sig = solver_.check("sigma");
  std::string model;
  if (sig == smt::Result::Sat)
    for (Ref i : intRefs(h))
      if (auto val = solver_.value(enc_.var(i, "h"))) model += fmt::format(" i{}={}", i, *val);
  solver_.pop();
  if (sig != smt::Result::Sat) return std::nullopt;
  std::vector<Path> used;
  for (size_t j = 0; j < paths.size(); ++j)
    if (in[j]) used.push_back(paths[j]);
  LoopProof p{LoopProof::Kind::NonLooping, head, used, "", mu_h && solver_.ctx().mkOr(region), enc_.bitVectors()};
  p.proof = fmt::format(
      "non-looping non-termination (paper 000, Thm. 8) at loop head {}:\n"
      "{} of {} path(s) through the loop form a closed set; the interesting references are integers;\n"
      "{}"
      "rho (a run through one of them, then none of their conditions holding) is unsatisfiable;\n"
      "sigma (a run through one of them) is satisfiable, e.g.{}",
      describe(head), kept, paths.size(),
      inv_text.empty() ? "" : "the region is restricted by the inductive invariant " + inv_text + ";\n", model);
  return p;
}

// Paper 000, Thm. 7, step 1: a model of ϕ keeps the interesting integer
// references unchanged around the cycle.
std::optional<LoopProof> LoopProver::looping(seg::NodeId head, const Path& path) {
  const State& h = g_.state(head);
  std::vector<smt::Term> mu, phi, psi, iota, same;
  enc_.invariants(head, "h", mu);
  enc_.path(path, "c", phi, psi);
  for (Ref i : intRefs(h)) iota.push_back(enc_.var(i, "c") == enc_.var(i, "h"));
  const auto& interesting = interesting_.of(head);
  for (const auto& [x, y] : endPairs(path))
    if (interesting.count(y)) same.push_back(enc_.var(x, "c") == enc_.var(y, "h"));
  smt::Term f = enc_.conj(mu) && enc_.conj(phi) && enc_.conj(psi) && enc_.conj(iota) && enc_.conj(same);
  solver_.push();
  solver_.add(f);
  smt::Result r = solver_.check("looping");
  std::string model;
  if (r == smt::Result::Sat)
    for (Ref i : interesting)
      if (auto val = solver_.value(enc_.var(i, "h"))) model += fmt::format(" i{}={}", i, *val);
  solver_.pop();
  if (r != smt::Result::Sat) return std::nullopt;
  LoopProof p{LoopProof::Kind::Looping, head, {path}, "", f, enc_.bitVectors()};
  p.proof = fmt::format(
      "looping non-termination (paper 000, Thm. 7) at loop head {}:\n"
      "a path around the loop ({} edges) keeps the {} interesting integer reference(s) unchanged;\n"
      "model:{}",
      describe(head), path.size(), interesting.size(), model.empty() ? " (no interesting references)" : model);
  return p;
}

// Does a cycle of the component pass a call or return edge of a recursive
// call (thesis 002, Ch. 3)? Thms. 7 and 8 are about one frame's loop; a run
// around such a cycle changes the call stack.
bool LoopProver::throughCalls(const std::vector<seg::NodeId>& scc) const {
  for (seg::NodeId n : scc)
    for (seg::EdgeId e : g_.outEdges(n)) {
      const seg::Edge& edge = g_.edge(e);
      if ((edge.kind == seg::EdgeKind::Call || edge.kind == seg::EdgeKind::Return) &&
          std::binary_search(scc.begin(), scc.end(), edge.to))
        return true;
    }
  return false;
}

std::vector<LoopProof> LoopProver::prove(size_t max_paths) {
  std::vector<LoopProof> out;
  auto sccs = g_.cycles();
  for (seg::NodeId head : g_.loopHeads()) {
    const State& h = g_.state(head);
    if (h.finished() || h.exception != state::kNone) continue;
    const std::vector<seg::NodeId>* scc = nullptr;
    for (const auto& c : sccs)
      if (std::binary_search(c.begin(), c.end(), head)) scc = &c;
    if (!scc || !interesting_.onlyIntegers(head, g_) || throughCalls(*scc)) continue;
    bool complete = false;
    std::vector<Path> paths = cyclePaths(head, *scc, max_paths, complete);
    std::erase_if(paths, [&](const Path& p) { return !enc_.integerDetermined(p); });
    if (paths.empty()) continue;
    if (complete && !hasSubLoop(head, *scc)) {
      // Every path must be integer-determined for Thm. 8.
      bool all = true;
      for (const Path& p : cyclePaths(head, *scc, max_paths, complete)) all &= enc_.integerDetermined(p);
      if (all) {
        eligible_[head] = paths;
        LoopParts lp = buildParts(head, paths);
        smt::Term t = solver_.ctx().boolVal(true);
        if (auto p = nonLooping(head, paths, lp, t, t, "")) out.push_back(std::move(*p));
      }
    }
    for (const Path& p : paths)
      if (auto lp = looping(head, p)) out.push_back(std::move(*lp));
  }
  return out;
}


// Thm. 8 where the plain ρ is satisfiable because the loop condition alone
// does not carry over (`while (i != j) { i--; j++; }`): a concrete state c
// at the head, reached by a witness run, suggests an invariant. The atoms
// that hold in c (invariant.h) are cut down to their largest subset
// that every loop path preserves (Houdini: drop what a model refutes until
// the check is unsatisfiable); the conjunction I is inductive, so Thm. 8's
// argument applies to the region I ∧ (some path of P is taken).
namespace {

// Houdini: the largest subset of `atoms` that is inductive, i.e. no model of
// `step` (the atoms' copies over "h" hold, a loop path is taken, "r" is the
// next visit of the head) breaks one of them at "r". Drops the atoms a model
// breaks until the check is unsatisfiable; nullopt if nothing is left or the
// solver gives up.
std::optional<std::vector<bool>> houdini(Encoder& enc, smt::Solver& solver, const std::vector<Atom>& atoms,
                                         const smt::Term& step) {
  std::vector<bool> alive(atoms.size(), true);
  while (true) {
    std::vector<smt::Term> now, broken;
    for (size_t i = 0; i < atoms.size(); ++i)
      if (alive[i]) {
        now.push_back(atomTerm(enc, solver.ctx(), atoms[i], "h"));
        broken.push_back(!atomTerm(enc, solver.ctx(), atoms[i], "r"));
      }
    if (now.empty()) return std::nullopt;
    solver.push();
    solver.add(step && solver.ctx().mkAnd(now) && solver.ctx().mkOr(broken));
    smt::Result r = solver.check("invariant");
    bool progress = false;
    if (r == smt::Result::Sat)
      for (size_t i = 0; i < atoms.size(); ++i)
        if (alive[i]) {
          auto ok = atomHolds(enc, solver, atoms[i], "r");
          if (!ok || !*ok) {
            alive[i] = false;
            progress = true;
          }
        }
    solver.pop();
    if (r == smt::Result::Unsat) return alive;
    if (r != smt::Result::Sat || !progress) return std::nullopt;
  }
}

}  // namespace

std::optional<LoopProof> LoopProver::proveFrom(seg::NodeId head, const State& c) {
  auto it = eligible_.find(head);
  if (it == eligible_.end()) return std::nullopt;
  const std::vector<Path>& paths = it->second;
  const State& h = g_.state(head);
  std::vector<std::pair<Ref, Ref>> map;
  if (!state::isInstance(c, h, types_, &map)) return std::nullopt;
  // Atoms over the interesting references only (Def. 6: the others do not
  // influence the loop, so an invariant over them cannot help).
  const auto& interesting = interesting_.of(head);
  std::map<Ref, int64_t> val;
  for (const auto& [cr, hr] : map)
    if (interesting.count(hr) && h.isInteger(hr) && c.isInteger(cr) && c.intervalOf(cr).isPoint())
      val[hr] = c.intervalOf(cr).lo;
  if (val.empty() || val.size() > 12) return std::nullopt;
  std::vector<Atom> atoms = candidateAtoms(val);
  auto term = [&](const Atom& x, const std::string& label) { return atomTerm(enc_, solver_.ctx(), x, label); };
  LoopParts lp = buildParts(head, paths);
  std::vector<smt::Term> first;
  for (const auto& part : lp.parts) first.push_back(part.first);
  auto alive = houdini(enc_, solver_, atoms, enc_.conj(lp.mu_h) && solver_.ctx().mkOr(first) && enc_.conj(lp.mu_r));
  if (!alive) return std::nullopt;
  std::vector<smt::Term> inv_h, inv_r;
  std::string text;
  for (size_t i = 0; i < atoms.size(); ++i) {
    if (!(*alive)[i]) continue;
    inv_h.push_back(term(atoms[i], "h"));
    inv_r.push_back(term(atoms[i], "r"));
    text += (text.empty() ? "" : " && ") + atomText(atoms[i]);
  }
  return nonLooping(head, paths, lp, enc_.conj(inv_h), enc_.conj(inv_r), text);
}

bool LoopProver::canStrengthen(seg::NodeId head) const { return eligible_.count(head) != 0; }

bool LoopProver::accepts(const LoopProof& proof, const State& c) {
  const State& h = g_.state(proof.head);
  std::vector<std::pair<Ref, Ref>> map;
  if (!state::isInstance(c, h, types_, &map)) {
    if (trace_)
      trace_(fmt::format("not an instance of the loop head:\n{}\nhead:\n{}", state::toString(c, types_),
                         state::toString(h, types_)));
    return false;
  }
  enc_.note(proof.head);
  solver_.push();
  solver_.add(proof.region);
  for (const auto& [cr, hr] : map) {
    if (!h.isInteger(hr) || !c.isInteger(cr)) continue;
    state::Interval v = c.intervalOf(cr);
    if (v.isPoint()) solver_.add(enc_.var(hr, "h") == enc_.constant(hr, v.lo));
  }
  smt::Result r = solver_.check("witness");
  if (trace_ && r != smt::Result::Sat)
    trace_(fmt::format("region check {} for\n{}", smt::resultName(r), state::toString(c, types_)));
  solver_.pop();
  return r == smt::Result::Sat;
}

}  // namespace jhalt::nonterm
