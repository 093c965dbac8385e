#include "return_lemmas.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "jhalt/engine/result.h"
#include "jhalt/its/chain.h"
#include "jhalt/program/program.h"

namespace jhalt::its::detail {
namespace {

// Candidates: both atoms for every reference argument that each entry of
// the method measures, for methods that return a reference.
LemmaAtoms candidates(const LemmaInput& in) {
  std::map<const program::MethodInfo*, std::set<uint16_t>> common;
  std::set<const program::MethodInfo*> seen;
  for (const MethodEntry& e : in.entries) {
    std::string_view d = e.method->descriptor();
    const char ret = d[d.find(')') + 1];
    if (ret != 'L' && ret != '[') continue;
    std::set<uint16_t> locals;
    for (const auto& [local, v] : e.args) locals.insert(local);
    if (seen.insert(e.method).second) {
      common[e.method] = locals;
    } else {
      std::set<uint16_t>& c = common[e.method];
      std::erase_if(c, [&](uint16_t l) { return !locals.count(l); });
    }
  }
  LemmaAtoms out;
  for (const auto& [m, locals] : common)
    for (uint16_t l : locals) {
      out[m].push_back({l, true});
      out[m].push_back({l, false});
    }
  return out;
}

// The body of every frame: the system without Init and call transitions,
// only what the entries reach; the summaries' ids renumbered with it.
struct Body {
  Its its;
  std::vector<CallSummary> summaries;
};

Body bodyOf(const LemmaInput& in) {
  const Its& src = *in.its;
  std::vector<bool> reached(src.locs.size(), false);
  for (const MethodEntry& e : in.entries) reached[e.loc] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (TransId t = 0; t < src.trans.size(); ++t)
      if (!in.outside_body[t] && reached[src.trans[t].from] && !reached[src.trans[t].to])
        reached[src.trans[t].to] = changed = true;
  }
  Body b;
  b.its.locs = src.locs;
  std::map<TransId, TransId> renumbered;
  for (TransId t = 0; t < src.trans.size(); ++t) {
    const Transition& tr = src.trans[t];
    if (tr.kind == Transition::Kind::TopLoop) {
      b.its.trans.push_back(tr);
      continue;
    }
    if (in.outside_body[t] || !reached[tr.from]) continue;
    renumbered[t] = static_cast<TransId>(b.its.trans.size());
    b.its.trans.push_back(tr);
  }
  for (CallSummary s : in.summaries)
    if (auto it = renumbered.find(s.t); it != renumbered.end()) {
      s.t = it->second;
      b.summaries.push_back(s);
    }
  return b;
}

std::string argumentName(const program::MethodInfo& m, uint16_t local) {
  if (local == 0 && !m.isStatic()) return "this";
  return fmt::format("the argument in local {}", local);
}

// The negation of the atom over a path from an entry (pre) to a return (post).
LinCon negation(const LemmaAtom& a, Var arg, Var result) {
  LinExpr x = LinExpr::var(arg), r = LinExpr::var(result);
  return a.upper ? le(x + LinExpr::num(1), r) : le(r + LinExpr::num(1), x);
}

}  // namespace

void stateLemmas(Its& its, const std::vector<CallSummary>& summaries, const LemmaAtoms& atoms) {
  for (const CallSummary& s : summaries) {
    auto it = atoms.find(s.callee);
    if (it == atoms.end() || !s.result) continue;
    for (const LemmaAtom& a : it->second) {
      auto arg = s.args.find(a.local);
      if (arg == s.args.end()) continue;
      LinExpr x = LinExpr::var(arg->second), r = LinExpr::var(*s.result);
      its.trans[s.t].guard.push_back(a.upper ? le(r, x) : le(x, r));
    }
  }
}

LemmaResult findReturnLemmas(const LemmaInput& in) {
  LemmaResult out;
  LemmaAtoms atoms = candidates(in);
  if (atoms.empty() || !in.infeasible) return out;
  const Body body = bodyOf(in);
  std::map<LocId, const MethodEntry*> entry_at;
  std::map<LocId, const MethodReturn*> return_at;
  for (const MethodEntry& e : in.entries) entry_at[e.loc] = &e;
  for (const MethodReturn& r : in.returns) return_at[r.loc] = &r;
  Facts facts;
  facts.jvm = in.jvm;
  size_t checks = 0;
  for (int round = 0; round < 4 && !atoms.empty(); ++round) {
    Its aux = body.its;
    stateLemmas(aux, body.summaries, atoms);
    std::vector<bool> keep(aux.locs.size(), false);
    for (const auto& [l, e] : entry_at) keep[l] = true;
    for (const auto& [l, r] : return_at) keep[l] = true;
    Chained chained = chain(aux, keep, in.max_transitions, in.deadline);
    if (!chained.why_not.empty()) return {};
    std::vector<LocId> original(chained.its.locs.size(), 0);
    for (LocId l = 0; l < chained.location_of.size(); ++l)
      if (chained.location_of[l] >= 0) original[static_cast<size_t>(chained.location_of[l])] = l;
    // Per method and atom: the system of its paths with the negation, and
    // their certificates; an atom some path does not contradict is dropped.
    std::map<std::pair<const program::MethodInfo*, size_t>, std::shared_ptr<Lemma>> lemmas;
    for (const auto& [m, list] : atoms)
      for (size_t k = 0; k < list.size(); ++k) {
        auto lemma = std::make_shared<Lemma>();
        lemma->paths = Its::withStartAndTop();
        lemma->paths.locs = chained.its.locs;
        lemma->text = fmt::format("every result of {} has a size {} that of {}", engine::locate(*m, 0).javaName(),
                                  list[k].upper ? "<=" : ">=", argumentName(*m, list[k].local));
        lemmas[{m, k}] = lemma;
      }
    std::set<const program::MethodInfo*> failed;
    std::set<std::pair<const program::MethodInfo*, size_t>> refuted;
    for (const Transition& tr : chained.its.trans) {
      if (tr.kind == Transition::Kind::TopLoop || !inSemantics(tr, in.jvm)) continue;
      auto e = entry_at.find(original[tr.from]);
      if (e == entry_at.end() || !atoms.count(e->second->method)) continue;
      const program::MethodInfo* m = e->second->method;
      const Var shift = static_cast<Var>(chained.its.locs[tr.from].arity());
      // On to a return of the method, or to one of its entries again (an
      // instance edge to a more general call stack abstraction), whose
      // argument must then bound the one before as the atom says.
      auto r = tr.to == chained.its.top ? return_at.end() : return_at.find(original[tr.to]);
      auto again = tr.to == chained.its.top ? entry_at.end() : entry_at.find(original[tr.to]);
      const bool to_entry = again != entry_at.end() && again->second->method == m;
      if (!to_entry && (r == return_at.end() || r->second->method != m || (r->second->normal && !r->second->result))) {
        failed.insert(m);  // a gap, or a result without a size: no lemma
              continue;
      }
      if (!to_entry && !r->second->normal) continue;  // an exception is not a result
      const std::vector<LemmaAtom>& list = atoms.at(m);
      for (size_t k = 0; k < list.size(); ++k) {
        if (refuted.count({m, k})) continue;
        const Var arg = e->second->args.at(list[k].local);
        Lemma& lemma = *lemmas.at({m, k});
        Transition t = tr;
        if (to_entry) {
          const Var next = shift + again->second->args.at(list[k].local);
          // upper: |result| <= |next| <= |arg|; lower: |result| >= |next| >= |arg|
          t.guard.push_back(list[k].upper ? le(LinExpr::var(arg) + LinExpr::num(1), LinExpr::var(next))
                                          : le(LinExpr::var(next) + LinExpr::num(1), LinExpr::var(arg)));
        } else {
          t.guard.push_back(negation(list[k], arg, shift + *r->second->result));
        }
        TransId id = static_cast<TransId>(lemma.paths.trans.size());
        lemma.paths.trans.push_back(std::move(t));
        if (++checks > in.max_checks || std::chrono::steady_clock::now() >= in.deadline) return {};
        std::optional<Farkas> cert = in.infeasible(premise(lemma.paths, id, facts), lemma.paths.trans[id].num_vars);
        if (cert)
          lemma.infeasible[id] = *cert;
        else
          refuted.insert({m, k});
      }
    }
    bool dropped = !failed.empty() || !refuted.empty();
      for (auto& [m, list] : atoms) {
      std::vector<LemmaAtom> left;
      for (size_t k = 0; k < list.size(); ++k)
        if (!refuted.count({m, k})) left.push_back(list[k]);
      list = std::move(left);
    }
    for (const program::MethodInfo* m : failed) atoms.erase(m);
    std::erase_if(atoms, [](const auto& p) { return p.second.empty(); });
    if (dropped) continue;
    for (auto& [key, lemma] : lemmas) out.proofs.push_back(lemma);
    out.atoms = atoms;
    return out;
  }
  return {};
}

}  // namespace jhalt::its::detail
