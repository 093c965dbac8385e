#include "jhalt/its/from_clp.h"

#include <algorithm>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::its {
namespace {

// The clause as a transition from its head to body atom `target`: head
// arguments first, then the target's, then every other variable as a
// temporary (the other atom's arguments included).
Transition edge(const clp::Clause& c, size_t target, Transition::Kind kind) {
  Transition t;
  t.kind = kind;
  t.from = locationOf(c.head.pred);
  t.to = locationOf(c.body[target].pred);
  const size_t pre = c.head.args.size(), post = c.body[target].args.size();
  std::vector<int64_t> to(c.num_vars, -1);
  std::vector<LinCon> extra;
  Var next = static_cast<Var>(pre + post);
  for (size_t i = 0; i < pre; ++i) to[c.head.args[i]] = static_cast<int64_t>(i);
  for (size_t j = 0; j < post; ++j) {
    Var v = c.body[target].args[j];
    Var mine = static_cast<Var>(pre + j);
    if (to[v] >= 0)  // already an argument: the post variable equals it
      extra.push_back(clp::eq(LinExpr::var(mine), LinExpr::var(static_cast<Var>(to[v]))));
    else
      to[v] = mine;
  }
  for (Var v = 0; v < c.num_vars; ++v)
    if (to[v] < 0) to[v] = next++;
  auto rename = [&](Var v) { return static_cast<Var>(to[v]); };
  for (const LinCon& con : c.constraint) t.guard.push_back(LinCon{con.expr.renamed(rename), con.rel});
  for (LinCon& e : extra) t.guard.push_back(std::move(e));
  t.num_vars = next;
  return t;
}

}  // namespace

Its fromClp(const clp::ClpProgram& p, bool fresh_statics) {
  Its its = Its::withStartAndTop();
  for (const clp::Predicate& pred : p.preds)
    its.add(Location{Location::Kind::Program, pred.name, pred.args, pred.method, pred.pc, {}});
  Transition init;
  init.kind = Transition::Kind::Init;
  init.from = its.start;
  init.to = locationOf(p.entry);
  for (const LinCon& c : p.entry_constraint)
    if (fresh_statics || std::find(p.entry_statics.begin(), p.entry_statics.end(), c) == p.entry_statics.end())
      init.guard.push_back(c);
  init.origin = "the entry";
  its.add(std::move(init));
  for (clp::PredId k : p.initializers) {
    Transition t;
    t.kind = Transition::Kind::Init;
    t.from = its.start;
    t.to = locationOf(k);
    t.origin = "a class initializer";
    its.add(std::move(t));
  }
  for (const clp::Clause& c : p.clauses) {
    std::string origin = fmt::format("{} offsets {}..{}", p.preds[c.head.pred].name, c.from_pc, c.to_pc);
    if (c.overflow && !c.body.empty()) {  // the run goes on with unknown values
      Transition t = edge(c, 0, Transition::Kind::Wrap);
      t.origin = c.inexact_reason;
      its.add(std::move(t));
      continue;
    }
    if (c.overflow) {  // the clause's variables: the head's first, then temporaries
      Transition t;
      t.kind = Transition::Kind::Overflow;
      t.from = locationOf(c.head.pred);
      t.to = its.top;
      std::vector<int64_t> to(c.num_vars, -1);
      for (size_t i = 0; i < c.head.args.size(); ++i) to[c.head.args[i]] = static_cast<int64_t>(i);
      Var next = static_cast<Var>(c.head.args.size());
      for (Var v = 0; v < c.num_vars; ++v)
        if (to[v] < 0) to[v] = next++;
      for (const LinCon& con : c.constraint)
        t.guard.push_back(LinCon{con.expr.renamed([&](Var v) { return static_cast<Var>(to[v]); }), con.rel});
      t.num_vars = next;
      t.origin = c.gap;
      its.add(std::move(t));
      continue;
    }
    if (!c.gap.empty()) {
      Transition t;
      t.kind = Transition::Kind::Gap;
      t.from = locationOf(c.head.pred);
      t.to = its.top;
      t.origin = c.gap;
      its.add(std::move(t));
      continue;
    }
    if (c.body.empty()) continue;  // a return: the run (of this frame) ends
    if (c.body.size() == 1) {
      Transition t = edge(c, 0, Transition::Kind::Step);
      t.origin = origin;
      its.add(std::move(t));
      continue;
    }
    JHALT_ASSERT(c.body.size() == 2 && c.call, "a clause with two atoms is a call");
    Transition call = edge(c, 0, Transition::Kind::Call);
    call.origin = origin;
    its.add(std::move(call));
    Transition cont = edge(c, 1, Transition::Kind::Continue);
    cont.origin = origin;
    its.add(std::move(cont));
  }
  return its;
}

}  // namespace jhalt::its
