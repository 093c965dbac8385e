#include "jhalt/recurrent/transfer.h"

#include <algorithm>
#include <climits>

namespace jhalt::recurrent {

LoopFormulas formulasOf(smt::Context& ctx, const Loop& loop, bool jvm) {
  LoopFormulas f;
  f.x = intVars(ctx, "x", loop.arity());
  f.y = intVars(ctx, "y", loop.arity());
  auto ints = [&](const std::vector<smt::Term>& v) {
    std::vector<smt::Term> parts;
    if (jvm)
      for (const smt::Term& t : v) parts.push_back(t >= int64_t{INT32_MIN} && t <= int64_t{INT32_MAX});
    return ctx.mkAnd(parts);
  };
  f.frame = ints(f.x);
  f.frame_next = ints(f.y);
  std::vector<smt::Term> none;
  for (size_t k = 0; k < loop.body.size(); ++k) {
    std::vector<smt::Term> temps;
    f.body.push_back(relation(ctx, *loop.body[k].clause, f.x, f.y, "t" + std::to_string(k) + "_", &temps));
    std::vector<smt::Term> quantified = f.y;
    quantified.insert(quantified.end(), temps.begin(), temps.end());
    f.body_domains.push_back(smt::exists(quantified, f.body.back()));
    f.temporaries.push_back(std::move(temps));
  }
  for (size_t k = 0; k < loop.exits.size(); ++k)
    f.exits.push_back(relation(ctx, *loop.exits[k].clause, f.x, none, "e" + std::to_string(k) + "_"));
  f.uncovered = !ctx.mkOr(f.body_domains);
  return f;
}

bool ClauseTransfer::satisfiable(const smt::Term& f, const char* purpose) {
  s_.push();
  s_.add(f);
  smt::Result r = s_.check(purpose);
  s_.pop();
  return r != smt::Result::Unsat;  // unknown: may be satisfiable
}

std::vector<Element> ClauseTransfer::post(const Element& l) {
  std::vector<Element> out;
  smt::Term pre = f_.frame && d_.formula(l, f_.x);
  for (const smt::Term& rel : f_.body) {
    Element e = d_.abstract(pre && rel && f_.frame_next, f_.y);
    if (!e.bottom) out.push_back(std::move(e));
  }
  return out;
}

std::vector<Element> ClauseTransfer::split(const Element& l) {
  if (l.bottom) return {l};
  smt::Term in = f_.frame && d_.formula(l, f_.x);
  std::vector<Element> out;
  auto add = [&](Element e) {
    if (!e.bottom && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(std::move(e));
  };
  for (const smt::Term& rel : f_.body) add(d_.abstract(in && rel, f_.x));
  if (!f_.exits.empty()) {
    std::vector<smt::Term> exits = f_.exits;
    add(d_.abstract(in && smt::Term(exits.front().context().mkOr(exits)), f_.x));
  }
  if (out.empty()) out.push_back(l);  // no path: every state of l ends the run
  return out;
}

bool ClauseTransfer::mayEnter(const Element& l) {
  smt::Term in = f_.frame && d_.formula(l, f_.x);
  for (const smt::Term& rel : f_.body)
    if (satisfiable(in && rel, "recurrent-enter")) return true;
  return false;
}

bool ClauseTransfer::cannotExit(const Element& l) {
  smt::Term in = f_.frame && d_.formula(l, f_.x);
  for (const smt::Term& exit : f_.exits)
    if (satisfiable(in && exit, "recurrent-exit")) return false;
  // A state no path covers ends the run (an exception): Lemma 1 needs
  // every state of l to take a body path.
  // During the search a small resource limit (an unknown answer keeps the
  // state may-exiting, which is sound); the final check (check.h) has the
  // solver's full limit.
  // After a few unknown answers the solver is not asked again for this
  // loop (each one costs its whole limit).
  constexpr unsigned kSearchRlimit = 100000;
  constexpr size_t kMaxUnknown = 8;
  if (unknown_covers_ >= kMaxUnknown) return false;
  smt::Result r = s_.checkQuantified(in && f_.uncovered, "recurrent-cover", kSearchRlimit);
  if (r == smt::Result::Unknown) ++unknown_covers_;
  return r == smt::Result::Unsat;
}

}  // namespace jhalt::recurrent
