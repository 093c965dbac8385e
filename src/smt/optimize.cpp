#include "jhalt/smt/optimize.h"

#include "z3_internal.h"

namespace jhalt::smt {
namespace {

// Bounds beyond this are treated as none: a sound over-approximation that
// keeps the search short (no int or long variable of a loop head needs
// more for a set to be found).
constexpr int64_t kLimit = int64_t{1} << 40;
constexpr int kBinarySteps = 16;

}  // namespace

// By repeated satisfiability checks rather than Z3's optimizer, which
// crashed (Z3 4.8, SIGSEGV when its resource limit hit) and hung on
// formulas with `mod` temporaries: the model's value is a lower bound; a
// doubling step finds a value that is too large, a binary search the
// maximum in between. Each check is bounded by `rlimit`; an unknown answer
// gives Unknown (callers drop the bound).
Bound maximize(const Term& constraints, const Term& objective, unsigned rlimit) {
  z3::context& z3 = z3Of(constraints).ctx();
  try {
    z3::solver s(z3);
    z3::params p(z3);
    p.set("rlimit", rlimit);
    s.set(p);
    s.add(z3Of(constraints));
    const z3::expr t = z3Of(objective);
    auto valueIn = [&](int64_t& v) {
      z3::expr e = s.get_model().eval(t, true);
      return e.is_numeral_i64(v);
    };
    z3::check_result r = s.check();
    if (r == z3::unsat) return {Bound::Kind::Empty, 0};
    int64_t lo = 0;
    if (r != z3::sat || !valueIn(lo)) return {Bound::Kind::Unknown, 0};
    // lo is attained; find hi > lo that is not.
    int64_t step = 1, hi = 0;
    for (;;) {
      if (lo >= kLimit) return {Bound::Kind::Unbounded, 0};
      int64_t probe = lo + step;
      s.push();
      s.add(t >= z3.int_val(probe));
      r = s.check();
      int64_t v = 0;
      bool got = r == z3::sat && valueIn(v);
      s.pop();
      if (r == z3::unsat) {
        hi = probe;
        break;
      }
      if (!got) return {Bound::Kind::Unknown, 0};
      lo = v;
      if (step < kLimit) step *= 2;
    }
    // max in [lo, hi): lo attained, hi not. A bound left loose after a few
    // steps is still a bound (the element only grows: over-approximation).
    for (int steps = 0; hi - lo > 1; ++steps) {
      if (steps == kBinarySteps) return {Bound::Kind::Finite, hi - 1};
      int64_t mid = lo + (hi - lo) / 2;
      s.push();
      s.add(t >= z3.int_val(mid));
      r = s.check();
      int64_t v = 0;
      bool got = r == z3::sat && valueIn(v);
      s.pop();
      if (r == z3::unsat) {
        hi = mid;
      } else if (got) {
        lo = v;
      } else {
        return {Bound::Kind::Unknown, 0};
      }
    }
    return {Bound::Kind::Finite, lo};
  } catch (const z3::exception&) {
    return {Bound::Kind::Unknown, 0};
  }
}

}  // namespace jhalt::smt
