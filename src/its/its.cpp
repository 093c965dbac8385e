#include "jhalt/its/its.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "jhalt/its/proof.h"
#include "jhalt/util/error.h"

namespace jhalt::its {

Its Its::withStartAndTop() {
  Its its;
  its.add(Location{Location::Kind::Start, "start", {}, nullptr, 0, {}});
  its.add(Location{Location::Kind::Top, "top", {}, nullptr, 0, {}});
  Transition loop;
  loop.kind = Transition::Kind::TopLoop;
  loop.from = loop.to = its.top;
  loop.origin = "anything may happen after a gap";
  its.add(std::move(loop));
  return its;
}

LocId Its::add(Location l) {
  locs.push_back(std::move(l));
  return static_cast<LocId>(locs.size() - 1);
}

TransId Its::add(Transition t) {
  JHALT_ASSERT(t.from < locs.size() && t.to < locs.size(), "transition between known locations");
  size_t own = locs[t.from].arity() + locs[t.to].arity();
  t.num_vars = std::max<uint32_t>(t.num_vars, static_cast<uint32_t>(own));
  for (const LinCon& c : t.guard)
    for (const auto& [v, k] : c.expr.terms) JHALT_ASSERT(v < t.num_vars, "guard variable within the transition");
  trans.push_back(std::move(t));
  return static_cast<TransId>(trans.size() - 1);
}

std::vector<Row> premise(const Its& its, TransId t, const Facts& facts) {
  std::vector<Row> rows;
  auto add = [&rows](const LinCon& c) {
    // expr (= or <=) 0 with expr = a·v + constant: a·v (= or <=) -constant.
    JHALT_ASSERT(c.expr.constant != INT64_MIN, "a guard constant with a negation in int64");
    rows.push_back(Row{c.expr.terms, -c.expr.constant, c.rel == LinCon::Rel::Eq});
  };
  const Transition& tr = its.trans[t];
  for (const LinCon& c : tr.guard) add(c);
  if (tr.from < facts.inv.size())
    for (const LinCon& c : facts.inv[tr.from]) add(c);
  const Location& from = its.locs[tr.from];
  if (from.kind == Location::Kind::Program)
    for (Var v = 0; v < from.arity(); ++v) {
      if (from.varKind(v) == VarKind::Size) {
        rows.push_back(Row{{{v, -1}}, 0, false});
      } else if (facts.jvm && from.varKind(v) == VarKind::Int) {
        rows.push_back(Row{{{v, 1}}, 2147483647, false});
        rows.push_back(Row{{{v, -1}}, 2147483648, false});
      }
    }
  return rows;
}

Sequence sequencePremise(const Its& its, TransId t, TransId u, const Facts& facts) {
  return sequencePremise(its, std::vector<TransId>{t, u}, facts);
}

Sequence sequencePremise(const Its& its, const std::vector<TransId>& path, const Facts& facts) {
  JHALT_ASSERT(!path.empty(), "an empty sequence of transitions");
  const TransId first = path.front();
  Sequence out{premise(its, first, facts), its.trans[first].num_vars};
  // Where the last transition's post-state is among the variables so far.
  Var post = static_cast<Var>(its.locs[its.trans[first].from].arity());
  for (size_t i = 1; i < path.size(); ++i) {
    const TransId u = path[i];
    JHALT_ASSERT(its.trans[path[i - 1]].to == its.trans[u].from, "a sequence of transitions that do not meet");
    const Var pre_u = static_cast<Var>(its.locs[its.trans[u].from].arity());
    // u's pre-state is the post-state before it; its other variables come after.
    const Var base = static_cast<Var>(out.num_vars);
    auto rename = [&](Var v) { return v < pre_u ? post + v : base + (v - pre_u); };
    for (Row r : premise(its, u, facts)) {
      for (auto& [v, a] : r.a) v = rename(v);
      out.rows.push_back(std::move(r));
    }
    out.num_vars += its.trans[u].num_vars - pre_u;
    post = base;
  }
  return out;
}

bool inSemantics(const Transition& t, bool jvm) {
  return jvm || (t.kind != Transition::Kind::Overflow && t.kind != Transition::Kind::Wrap);
}

std::vector<std::vector<TransId>> sccs(const Its& its, const std::vector<TransId>& among) {
  const size_t n = its.locs.size();
  std::vector<std::vector<LocId>> succ(n);
  for (TransId t : among) succ[its.trans[t].from].push_back(its.trans[t].to);
  // Tarjan's algorithm, recursive (location counts are small).
  std::vector<int> index(n, -1), low(n, 0), comp(n, -1);
  std::vector<bool> on_stack(n, false);
  std::vector<LocId> stack;
  int counter = 0, comps = 0;
  std::function<void(LocId)> visit = [&](LocId v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    for (LocId w : succ[v]) {
      if (index[w] < 0) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (on_stack[w]) {
        low[v] = std::min(low[v], index[w]);
      }
    }
    if (low[v] == index[v]) {
      LocId w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        comp[w] = comps;
      } while (w != v);
      ++comps;
    }
  };
  for (LocId v = 0; v < n; ++v)
    if (index[v] < 0) visit(v);
  // Transitions inside one part; a part is non-trivial when it has one.
  std::vector<std::vector<TransId>> parts(static_cast<size_t>(comps));
  for (TransId t : among)
    if (comp[its.trans[t].from] == comp[its.trans[t].to]) parts[static_cast<size_t>(comp[its.trans[t].from])].push_back(t);
  std::vector<std::vector<TransId>> out;
  for (auto& p : parts)
    if (!p.empty()) {
      std::sort(p.begin(), p.end());
      out.push_back(std::move(p));
    }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<bool> reachable(const Its& its, const std::vector<TransId>& among) {
  std::vector<bool> seen(its.locs.size(), false);
  seen[its.start] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (TransId t : among)
      if (seen[its.trans[t].from] && !seen[its.trans[t].to]) seen[its.trans[t].to] = changed = true;
  }
  return seen;
}

namespace {

std::string kindName(Transition::Kind k) {
  switch (k) {
    case Transition::Kind::Init: return "init";
    case Transition::Kind::Step: return "step";
    case Transition::Kind::Call: return "call";
    case Transition::Kind::Continue: return "continue";
    case Transition::Kind::Gap: return "gap";
    case Transition::Kind::Overflow: return "overflow";
    case Transition::Kind::Wrap: return "wrap";
    case Transition::Kind::TopLoop: return "top";
  }
  return "?";
}

// Names of a transition's variables: pre, post (primed), temporaries.
std::function<std::string(Var)> namer(const Its& its, const Transition& t) {
  const Location& from = its.locs[t.from];
  const Location& to = its.locs[t.to];
  return [&from, &to](Var v) -> std::string {
    if (v < from.arity()) return from.vars[v];
    if (v < from.arity() + to.arity()) return to.vars[v - from.arity()] + "'";
    return fmt::format("_t{}", v);
  };
}

}  // namespace

std::string toText(const Its& its) {
  std::string out;
  for (TransId k = 0; k < its.trans.size(); ++k) {
    const Transition& t = its.trans[k];
    auto name = namer(its, t);
    std::string guard;
    for (const LinCon& c : t.guard) guard += (guard.empty() ? "" : ", ") + clp::toString(c, name);
    out += fmt::format("t{} [{}] {} -> {} : {}{}\n", k, kindName(t.kind), its.locs[t.from].name, its.locs[t.to].name,
                       guard.empty() ? "true" : guard, t.origin.empty() ? "" : "   # " + t.origin);
  }
  for (const auto& lemma : its.lemmas)
    out += fmt::format("lemma: {} ({} paths)\n", lemma->text, lemma->paths.trans.size());
  return out;
}

namespace {

std::string koatSymbol(const Its& its, LocId l) {
  switch (its.locs[l].kind) {
    case Location::Kind::Start: return "start";
    case Location::Kind::Top: return "top";
    case Location::Kind::Program: break;
  }
  return fmt::format("l{}", l);
}

std::string koatTerm(const std::string& symbol, const std::string& prefix, size_t arity) {
  std::string out = symbol + "(";
  for (size_t j = 0; j < arity; ++j) out += fmt::format("{}{}{}", j ? ", " : "", prefix, j);
  return out + ")";
}

}  // namespace

std::string toKoat(const Its& its, bool jvm) {
  size_t arity = 1;
  size_t temporaries = 0;
  for (const Location& l : its.locs) arity = std::max(arity, l.arity());
  for (const Transition& t : its.trans)
    temporaries = std::max<size_t>(temporaries, t.num_vars - its.locs[t.from].arity() - its.locs[t.to].arity());
  std::string out = "(GOAL COMPLEXITY)\n(STARTTERM (FUNCTIONSYMBOLS start))\n(VAR";
  for (const char* prefix : {"X", "Y"})
    for (size_t j = 0; j < arity; ++j) out += fmt::format(" {}{}", prefix, j);
  for (size_t j = 0; j < temporaries; ++j) out += fmt::format(" T{}", j);
  out += ")\n(RULES\n";
  Facts facts;
  facts.jvm = jvm;
  for (TransId k = 0; k < its.trans.size(); ++k) {
    const Transition& t = its.trans[k];
    if (!inSemantics(t, jvm)) continue;
    const size_t pre = its.locs[t.from].arity(), post = its.locs[t.to].arity();
    auto name = [&](Var v) {
      if (v < pre) return fmt::format("X{}", v);
      if (v < pre + post) return fmt::format("Y{}", v - pre);
      return fmt::format("T{}", v - pre - post);
    };
    std::string cond;
    for (const Row& r : premise(its, k, facts)) {
      std::string lhs;
      for (const auto& [v, a] : r.a) {
        if (a == 0) continue;
        const uint64_t mag = a < 0 ? uint64_t{0} - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
        std::string term = mag == 1 ? name(v) : fmt::format("{}*{}", mag, name(v));
        lhs += lhs.empty() ? (a < 0 ? "-" + term : term) : (a < 0 ? " - " : " + ") + term;
      }
      if (lhs.empty()) lhs = "0";
      cond += fmt::format("{}{} {} {}", cond.empty() ? "" : " && ", lhs, r.eq ? "=" : "<=", r.b);
    }
    out += fmt::format("  {} -> {}{}\n", koatTerm(koatSymbol(its, t.from), "X", arity),
                       koatTerm(koatSymbol(its, t.to), "Y", arity), cond.empty() ? "" : " :|: " + cond);
  }
  return out + ")\n";
}

}  // namespace jhalt::its
