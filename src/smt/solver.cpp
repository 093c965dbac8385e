#include "jhalt/smt/solver.h"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

namespace jhalt::smt {

std::string_view resultName(Result r) {
  switch (r) {
    case Result::Sat: return "sat";
    case Result::Unsat: return "unsat";
    case Result::Unknown: return "unknown";
  }
  return "?";
}

namespace {
std::unique_ptr<z3::context> makeContext() {
  auto ctx = std::make_unique<z3::context>();
  return ctx;
}
}  // namespace

Solver::Solver(SmtOptions options)
    : options_(std::move(options)), ctx_(makeContext()), solver_(*ctx_, "QF_NIA") {
  z3::params p(*ctx_);
  p.set("timeout", options_.timeout_ms);
  solver_.set(p);
}

Result Solver::check(const std::string& purpose) {
  ++queries_;
  if (!options_.dump_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.dump_dir, ec);
    std::ofstream out(fmt::format("{}/query-{:04}-{}.smt2", options_.dump_dir, queries_, purpose));
    out << "; jhalt query: " << purpose << "\n" << solver_.to_smt2();
  }
  model_.reset();
  z3::check_result r;
  try {
    r = solver_.check();
  } catch (const z3::exception&) {
    return Result::Unknown;
  }
  if (r == z3::sat) {
    model_ = solver_.get_model();
    return Result::Sat;
  }
  return r == z3::unsat ? Result::Unsat : Result::Unknown;
}

Result Solver::checkQuantified(const z3::expr& formula, const std::string& purpose, unsigned rlimit) {
  ++queries_;
  z3::tactic t = z3::tactic(*ctx_, "simplify") & z3::tactic(*ctx_, "qe") & z3::tactic(*ctx_, "smt");
  z3::solver s = t.mk_solver();
  z3::params p(*ctx_);
  p.set("rlimit", rlimit ? rlimit : options_.qe_rlimit);
  s.set(p);
  s.add(formula);
  if (!options_.dump_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.dump_dir, ec);
    std::ofstream out(fmt::format("{}/query-{:04}-{}.smt2", options_.dump_dir, queries_, purpose));
    out << "; jhalt query: " << purpose << "\n" << s.to_smt2();
  }
  model_.reset();
  z3::check_result r;
  try {
    r = s.check();
  } catch (const z3::exception&) {
    return Result::Unknown;
  }
  if (r == z3::sat) {
    model_ = s.get_model();
    return Result::Sat;
  }
  return r == z3::unsat ? Result::Unsat : Result::Unknown;
}

std::optional<int64_t> Solver::value(const z3::expr& term) {
  if (!model_) return std::nullopt;
  z3::expr v = model_->eval(term, true);
  int64_t out = 0;
  if (v.is_numeral_i64(out)) return out;
  return std::nullopt;
}

}  // namespace jhalt::smt
