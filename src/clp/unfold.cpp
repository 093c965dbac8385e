#include "jhalt/clp/unfold.h"

#include <map>
#include <set>

#include <fmt/format.h>

#include "jhalt/clp/translate.h"

namespace jhalt::clp {
namespace {

// A composition in progress: the program clause's variables first, then
// fresh ones for every binary clause or fact used.
struct Composition {
  std::vector<LinCon> cons;
  Var next = 0;

  // Adds clause `x` for an atom whose arguments are `args`; returns the
  // variables of x's body arguments.
  std::vector<Var> add(const BinaryClause& x, const std::vector<Var>& args) {
    std::vector<Var> map(x.num_vars);
    for (Var v = 0; v < x.num_vars; ++v) map[v] = v < x.head_arity ? args[v] : next++;
    for (const LinCon& c : x.constraint) cons.push_back({c.expr.renamed([&](Var v) { return map[v]; }), c.rel});
    std::vector<Var> body;
    for (Var v = 0; v < x.body_arity; ++v) body.push_back(map[x.head_arity + v]);
    return body;
  }
};

class Unfolder {
 public:
  Unfolder(const ClpProgram& p, smt::Solver& solver, const UnfoldOptions& options)
      : p_(p), solver_(solver), options_(options) {}

  UnfoldResult run() {
    UnfoldResult r;
    for (const Clause& c : p_.clauses)
      if (c.exact) exact_.push_back(&c);
    size_t delta_from = 0;
    for (unsigned it = 1; it <= options_.iterations; ++it) {
      if (std::chrono::steady_clock::now() > options_.deadline) break;
      size_t before = all_.size();
      round(it == 1, delta_from, before);
      r.iterations = it;
      if (all_.size() == before) {
        r.fixpoint = !truncated_;
        break;
      }
      delta_from = before;
    }
    r.clauses = std::move(all_);
    r.truncated = truncated_;
    return r;
  }

 private:
  bool inDelta(size_t idx, size_t from, size_t to) const { return idx >= from && idx < to; }

  // One application of T; compositions must use at least one clause found
  // in the previous round (the others were composed before).
  void round(bool first, size_t from, size_t to) {
    // Snapshot of the indices (all_ grows while we compose).
    std::map<PredId, std::vector<size_t>> facts, binaries;
    for (size_t i = 0; i < to; ++i) (all_[i].body ? binaries : facts)[all_[i].head].push_back(i);
    auto get = [](const std::map<PredId, std::vector<size_t>>& m, PredId p) {
      static const std::vector<size_t> none;
      auto it = m.find(p);
      return it == m.end() ? none : it->second;
    };
    for (const Clause* c : exact_) {
      const auto& body = c->body;
      if (body.empty()) {
        if (first) compose(*c, {}, std::nullopt, false);
        continue;
      }
      // i = 1: keep B1 (first round) or unfold it with a new binary clause.
      if (first) compose(*c, {}, std::nullopt, true);
      for (size_t x : get(binaries, body[0].pred))
        if (inDelta(x, from, to)) compose(*c, {}, x, true);
      if (body.size() == 1) {
        // i = 2: B1 solved by a fact.
        for (size_t f : get(facts, body[0].pred))
          if (inDelta(f, from, to)) compose(*c, {f}, std::nullopt, false);
        continue;
      }
      // Two atoms: a call and its continuation.
      for (size_t f1 : get(facts, body[0].pred)) {
        bool f1_new = inDelta(f1, from, to);
        if (f1_new) compose(*c, {f1}, std::nullopt, true);  // i = 2, keep B2
        for (size_t x : get(binaries, body[1].pred))
          if (f1_new || inDelta(x, from, to)) compose(*c, {f1}, x, true);
        for (size_t f2 : get(facts, body[1].pred))  // i = 3: a fact
          if (f1_new || inDelta(f2, from, to)) compose(*c, {f1, f2}, std::nullopt, false);
      }
    }
  }

  // Composes program clause c with facts for its first body atoms and, for
  // the next atom, either keeps it (x = nullopt, keep = true), unfolds it
  // with binary clause x, or (keep = false) has none: a fact.
  void compose(const Clause& c, const std::vector<size_t>& fact_ids, std::optional<size_t> x, bool keep) {
    if (all_.size() >= options_.max_clauses) {
      truncated_ = true;
      return;
    }
    Composition comp;
    comp.next = c.num_vars;
    comp.cons = c.constraint;
    uint32_t calls = 0, length = 1;
    const program::MethodInfo* call_method = nullptr;
    uint32_t call_pc = 0;
    for (size_t k = 0; k < fact_ids.size(); ++k) {
      const BinaryClause& f = all_[fact_ids[k]];
      comp.add(f, c.body[k].args);
      length += f.length;
    }
    size_t next_atom = fact_ids.size();
    Clause out;
    out.head = c.head;
    if (keep) {
      const Atom& b = c.body[next_atom];
      if (next_atom == 0 && c.call) {
        calls = 1;
        call_method = p_.preds[c.head.pred].method;
        call_pc = c.call_pc;
      }
      if (x) {
        BinaryClause xc = all_[*x];  // copy: all_ may grow
        std::vector<Var> body_vars = comp.add(xc, b.args);
        out.body.push_back(Atom{*xc.body, body_vars});
        calls += xc.calls;
        length += xc.length;
        if (!call_method) {
          call_method = xc.call_method;
          call_pc = xc.call_pc;
        }
      } else {
        out.body.push_back(b);
      }
    }
    if (comp.cons.size() > options_.max_constraints) {
      truncated_ = true;
      return;
    }
    out.constraint = std::move(comp.cons);
    out.num_vars = comp.next;
    if (!normalize(out)) return;
    BinaryClause bc;
    bc.head = out.head.pred;
    bc.head_arity = static_cast<uint32_t>(out.head.args.size());
    if (!out.body.empty()) {
      bc.body = out.body[0].pred;
      bc.body_arity = static_cast<uint32_t>(out.body[0].args.size());
    }
    bc.num_vars = out.num_vars;
    bc.constraint = std::move(out.constraint);
    bc.calls = calls;
    bc.call_method = call_method;
    bc.call_pc = call_pc;
    bc.length = length;
    add(std::move(bc));
  }

  void add(BinaryClause bc) {
    std::string key = fmt::format("{}>{}#{}:", bc.head, bc.body ? static_cast<int64_t>(*bc.body) : -1, bc.calls > 0);
    for (const LinCon& c : bc.constraint) key += toString(c, [](Var v) { return std::to_string(v); }) + ";";
    if (!seen_.insert(key).second) return;
    auto pair = std::make_pair(bc.head, bc.body ? static_cast<int64_t>(*bc.body) : -1);
    if (per_pair_[pair] >= options_.max_per_pair) {
      truncated_ = true;
      return;
    }
    // Drop clauses that no values satisfy.
    if (!bc.constraint.empty()) {
      solver_.push();
      solver_.add(toSmt(solver_.ctx(), bc.constraint, "v"));
      smt::Result r = solver_.check("clp-clause");
      solver_.pop();
      if (r == smt::Result::Unsat) return;
    }
    ++per_pair_[pair];
    all_.push_back(std::move(bc));
  }

  const ClpProgram& p_;
  smt::Solver& solver_;
  UnfoldOptions options_;
  std::vector<const Clause*> exact_;
  std::vector<BinaryClause> all_;
  std::set<std::string> seen_;
  std::map<std::pair<PredId, int64_t>, size_t> per_pair_;
  bool truncated_ = false;
};

}  // namespace

UnfoldResult unfold(const ClpProgram& p, smt::Solver& solver, const UnfoldOptions& options) {
  return Unfolder(p, solver, options).run();
}

// `head(x...) <- constraint, body(y...)` with the predicates' argument names
// (body arguments primed, existential variables _k).
std::string describe(const ClpProgram& p, const BinaryClause& c) {
  const Predicate& h = p.preds[c.head];
  const Predicate* b = c.body ? &p.preds[*c.body] : nullptr;
  VarName name = [&](Var v) -> std::string {
    if (v < c.head_arity) return v < h.args.size() ? h.args[v] : fmt::format("x{}", v);
    if (b && v < c.head_arity + c.body_arity) {
      Var k = v - c.head_arity;
      return (k < b->args.size() ? b->args[k] : fmt::format("y{}", k)) + "'";
    }
    return fmt::format("_{}", v - c.head_arity - c.body_arity);
  };
  auto atom = [&](const Predicate& pr, Var base, uint32_t n) {
    std::string s = pr.name + "(";
    for (Var v = 0; v < n; ++v) s += (v ? ", " : "") + name(base + v);
    return s + ")";
  };
  std::string cons;
  for (const LinCon& con : c.constraint) cons += (cons.empty() ? "" : ", ") + toString(con, name);
  std::string out = atom(h, 0, c.head_arity) + " <- " + (cons.empty() ? "true" : cons);
  if (b) out += ", " + atom(*b, c.head_arity, c.body_arity);
  return out;
}

smt::Term toSmt(smt::Context& ctx, const LinExpr& e, const std::string& prefix) {
  smt::Term out = ctx.num(e.constant);
  for (const auto& [v, k] : e.terms) out = out + k * ctx.intVar(prefix + std::to_string(v));
  return out;
}

smt::Term toSmt(smt::Context& ctx, const std::vector<LinCon>& cons, const std::string& prefix) {
  std::vector<smt::Term> parts;
  for (const LinCon& c : cons) {
    smt::Term e = toSmt(ctx, c.expr, prefix);
    parts.push_back(c.rel == LinCon::Rel::Eq ? e == 0 : e <= 0);
  }
  return ctx.mkAnd(parts);
}

}  // namespace jhalt::clp
