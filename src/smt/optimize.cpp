#include "jhalt/smt/optimize.h"

#include "z3_internal.h"

namespace jhalt::smt {
namespace {

// Bounds beyond this are treated as none: a sound over-approximation that
// keeps the search short (no int or long variable of a loop head needs
// more for a set to be found).
constexpr int64_t kLimit = int64_t{1} << 40;
constexpr int kBinarySteps = 16;

// The maximum of `t` over the solver's assertions, known to have a model
// (`model_value` is t's value in one). By repeated satisfiability checks
// rather than Z3's optimizer, which crashed (Z3 4.8, SIGSEGV when its
// resource limit hit) and hung on formulas with `mod` temporaries: two
// probes settle most bounds (beyond the limit: no bound; just above the
// model's value: a bound already attained, e.g. a constant); otherwise a
// doubling step finds a value that is too large and a binary search the
// maximum in between.
Bound maximizeTerm(z3::solver& s, const z3::expr& t, int64_t lo) {
  z3::context& z3 = t.ctx();
  int64_t found = 0;
  auto attains = [&](int64_t value) {
    s.push();
    s.add(t >= z3.int_val(value));
    z3::check_result res = s.check();
    bool got = res == z3::sat && s.get_model().eval(t, true).is_numeral_i64(found);
    s.pop();
    if (res == z3::sat && !got) return z3::unknown;
    return res;
  };
  z3::check_result r = attains(kLimit);
  if (r == z3::sat) return {Bound::Kind::Unbounded, 0};
  if (r != z3::unsat) return {Bound::Kind::Unknown, 0};
  r = attains(lo + 1);
  if (r == z3::unsat) return {Bound::Kind::Finite, lo};
  if (r != z3::sat) return {Bound::Kind::Unknown, 0};
  lo = found;
  // lo is attained; find hi > lo that is not (hi <= kLimit, which is not):
  // doubling steps; past a few of them, the edges of the int range first
  // (ints the code leaves open under JVM semantics: x <= 2^31-1,
  // -x <= 2^31, x + y <= 2^32-2, x - y <= 2^32-1, -x - y <= 2^32), two
  // probes each instead of a walk of 31 steps.
  constexpr int64_t kEdges[] = {2147483647, 2147483648, 4294967294, 4294967295, 4294967296};
  constexpr int64_t kEdgeStep = 256;
  int64_t step = 1, hi = kLimit;
  while (lo + step < kLimit && hi == kLimit) {
    if (step == kEdgeStep) {
      for (int64_t edge : kEdges) {
        if (edge <= lo) continue;
        r = attains(edge + 1);
        if (r == z3::sat) {
          lo = found;
          continue;
        }
        if (r != z3::unsat) return {Bound::Kind::Unknown, 0};
        r = attains(edge);
        if (r == z3::sat) return {Bound::Kind::Finite, edge};
        if (r != z3::unsat) return {Bound::Kind::Unknown, 0};
        hi = edge;  // the maximum is below this edge
        break;
      }
      if (hi != kLimit) break;
    }
    r = attains(lo + step);
    if (r == z3::unsat) {
      hi = lo + step;
      break;
    }
    if (r != z3::sat) return {Bound::Kind::Unknown, 0};
    lo = found;
    step *= 2;
  }
  // max in [lo, hi): lo attained, hi not. A bound left loose after a few
  // steps is still a bound (the element only grows: over-approximation).
  for (int steps = 0; hi - lo > 1; ++steps) {
    if (steps == kBinarySteps) return {Bound::Kind::Finite, hi - 1};
    int64_t mid = lo + (hi - lo) / 2;
    r = attains(mid);
    if (r == z3::unsat) {
      hi = mid;
    } else if (r == z3::sat) {
      lo = found;
    } else {
      return {Bound::Kind::Unknown, 0};
    }
  }
  return {Bound::Kind::Finite, lo};
}

}  // namespace

struct Maximizer::Impl {
  Impl(z3::context& z3, unsigned rlimit) : s(z3) {
    z3::params p(z3);
    p.set("rlimit", rlimit);
    s.set(p);
  }
  z3::solver s;
};

Maximizer::Maximizer(Context& ctx, unsigned rlimit, Clock::time_point deadline)
    : impl_(std::make_unique<Impl>(z3Of(ctx.num(0)).ctx(), rlimit)), deadline_(deadline) {}
Maximizer::~Maximizer() = default;

std::vector<Bound> Maximizer::maximize(const Term& constraints, const std::vector<Term>& objectives) {
  z3::solver& s = impl_->s;
  std::vector<Bound> out(objectives.size());
  try {
    s.push();
    s.add(z3Of(constraints));
    z3::check_result r = s.check();
    if (r == z3::unsat) {
      out.assign(objectives.size(), Bound{Bound::Kind::Empty, 0});
    } else if (r == z3::sat) {
      z3::model m = s.get_model();
      for (size_t k = 0; k < objectives.size(); ++k) {
        if (Clock::now() >= deadline_) {
          expired_ = true;
          break;
        }
        int64_t lo = 0;
        if (m.eval(z3Of(objectives[k]), true).is_numeral_i64(lo)) out[k] = maximizeTerm(s, z3Of(objectives[k]), lo);
      }
    }
    s.pop();
  } catch (const z3::exception&) {
    s.reset();
    out.assign(objectives.size(), Bound{});
  }
  return out;
}

Bound maximize(const Term& constraints, const Term& objective, unsigned rlimit) {
  Maximizer m(constraints.context(), rlimit);
  return m.maximize(constraints, {objective}).front();
}

}  // namespace jhalt::smt
