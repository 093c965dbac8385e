// The Z3 back end of the solver interface.
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "jhalt/smt/solver.h"
#include "z3_internal.h"

namespace jhalt::smt {
namespace {

Result fromZ3(z3::check_result r) {
  if (r == z3::sat) return Result::Sat;
  return r == z3::unsat ? Result::Unsat : Result::Unknown;
}

// The signed value of a bit-vector numeral of up to 128 bits, if it fits
// into 64 bits.
std::optional<int64_t> signedValue(const z3::expr& v) {
  unsigned w = v.get_sort().bv_size();
  if (w == 0 || w > 128) return std::nullopt;
  std::string digits = Z3_get_numeral_string(v.ctx(), v);
  __extension__ typedef unsigned __int128 U128;
  __extension__ typedef __int128 S128;
  U128 u = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    u = u * 10 + static_cast<unsigned>(c - '0');
  }
  S128 s;
  if (w == 128) {
    s = static_cast<S128>(u);
  } else {
    U128 half = U128{1} << (w - 1);
    s = u >= half ? static_cast<S128>(u) - static_cast<S128>(U128{1} << w) : static_cast<S128>(u);
  }
  if (s < INT64_MIN || s > INT64_MAX) return std::nullopt;
  return static_cast<int64_t>(s);
}

class Z3Solver final : public Solver {
 public:
  Z3Solver(Context& ctx, const SolverOptions& options)
      : ctx_(ctx), z3_(ctx.impl().z3), options_(options), solver_(z3_) {
    z3::params p(z3_);
    if (options_.rlimit) p.set("rlimit", options_.rlimit);
    if (options_.timeout_ms) p.set("timeout", options_.timeout_ms);
    solver_.set(p);
    applied_ms_ = options_.timeout_ms;
  }

  Context& ctx() override { return ctx_; }
  void add(const Term& f) override { solver_.add(z3Of(f)); }
  void push() override { solver_.push(); }
  void pop() override { solver_.pop(); }

  Result check(std::string_view = "query") override {
    model_.reset();
    if (deadline_ != std::chrono::steady_clock::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
      if (left.count() <= 0) return Result::Unknown;
      // Z3 sets itself up again on a parameter change (a run got twice as
      // slow with one per check): the limit changes only when the time left
      // is under half the one in force, so a check ends at most twice the
      // time left after the deadline, with a few changes per run.
      const auto ms = static_cast<unsigned>(std::min<int64_t>(left.count(), UINT32_MAX));
      if (applied_ms_ == 0 || 2ULL * ms < applied_ms_) {
        z3::params p(z3_);
        p.set("timeout", ms);
        solver_.set(p);
        applied_ms_ = ms;
      }
    }
    try {
      Result r = fromZ3(solver_.check());
      if (r == Result::Sat) model_ = solver_.get_model();
      return r;
    } catch (const z3::exception&) {
      return Result::Unknown;  // resource limit or an unsupported construct: sound as unknown
    }
  }

  Result checkQuantified(const Term& formula, std::string_view, unsigned rlimit) override {
    // No timer here: cancelling the qe tactic from the timer thread crashed
    // Z3 4.8 (SIGSEGV); the resource counter bounds it instead.
    z3::tactic t = z3::tactic(z3_, "simplify") & z3::tactic(z3_, "qe") & z3::tactic(z3_, "smt");
    z3::solver s = t.mk_solver();
    z3::params p(z3_);
    p.set("rlimit", rlimit ? rlimit : options_.qe_rlimit);
    s.set(p);
    s.add(z3Of(formula));
    model_.reset();
    try {
      Result r = fromZ3(s.check());
      if (r == Result::Sat) model_ = s.get_model();
      return r;
    } catch (const z3::exception&) {
      return Result::Unknown;
    }
  }

  std::optional<int64_t> value(const Term& term) override {
    if (!model_) return std::nullopt;
    try {
      z3::expr v = model_->eval(z3Of(term), true);
      if (v.is_bv()) return v.is_numeral() ? signedValue(v) : std::nullopt;
      int64_t out = 0;
      if (v.is_numeral_i64(out)) return out;
    } catch (const z3::exception&) {
    }
    return std::nullopt;
  }

  std::optional<Rational> rationalValue(const Term& term) override {
    if (!model_) return std::nullopt;
    try {
      z3::expr v = model_->eval(z3Of(term), true);
      int64_t num = 0, den = 0;
      if (v.is_numeral() && v.is_arith() && Z3_get_numeral_rational_int64(v.ctx(), v, &num, &den) && den > 0)
        return Rational{num, den};
    } catch (const z3::exception&) {
    }
    return std::nullopt;
  }

  std::string assertionsText() override { return solver_.to_smt2(); }
  void setDeadline(std::chrono::steady_clock::time_point d) override { deadline_ = d; }

 private:
  Context& ctx_;
  z3::context& z3_;
  SolverOptions options_;
  z3::solver solver_;
  std::optional<z3::model> model_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  unsigned applied_ms_ = 0;  // the timeout in force (0: none)
};

}  // namespace

std::unique_ptr<Solver> makeZ3Solver(Context& ctx, const SolverOptions& options) {
  return std::make_unique<Z3Solver>(ctx, options);
}

std::string quantifiedText(const Term& formula) {
  z3::solver s(z3Of(formula).ctx());
  s.add(z3Of(formula));
  return s.to_smt2();
}

}  // namespace jhalt::smt
