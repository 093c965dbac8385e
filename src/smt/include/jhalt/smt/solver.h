// The SMT layer: a small interface over Z3 (assert, push/pop, check with a
// timeout, model), with a query log that writes every checked query as
// SMT-LIB (`--dump-smt DIR`) so a proof can be reproduced outside jhalt.
// Formulas are Z3 expressions built through this solver's context.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <z3++.h>

namespace jhalt::smt {

enum class Result { Sat, Unsat, Unknown };
std::string_view resultName(Result r);

struct SmtOptions {
  unsigned timeout_ms = 3000;  // per check
  // Quantified checks (quantifier elimination) are bounded by Z3's resource
  // counter, not by a timer: cancelling the qe tactic from the timer thread
  // can crash Z3 (Z3Prover/z3#196), and a resource bound gives the same
  // answer under any load.
  unsigned qe_rlimit = 3000000;
  std::string dump_dir;        // if set, each query is written there as SMT-LIB
};

class Solver {
 public:
  explicit Solver(SmtOptions options = {});
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  z3::context& ctx() { return *ctx_; }
  z3::expr intVar(const std::string& name) { return ctx_->int_const(name.c_str()); }
  z3::expr num(int64_t v) { return ctx_->int_val(v); }

  void add(const z3::expr& e) { solver_.add(e); }
  void push() { solver_.push(); }
  void pop() { solver_.pop(); }
  void reset() { solver_.reset(); }

  // Checks the asserted formulas; `purpose` names the query in the log.
  Result check(const std::string& purpose = "query");
  // Checks one formula with quantifiers over linear integer arithmetic, on
  // its own (the asserted formulas are not used): quantifier elimination,
  // then the SMT core (paper 001, Props. 3-5), bounded by qe_rlimit.
  // Logged like check().
  // `rlimit` = 0: SmtOptions::qe_rlimit.
  Result checkQuantified(const z3::expr& formula, const std::string& purpose, unsigned rlimit = 0);
  // Value of an integer term in the model of the last satisfiable check.
  std::optional<int64_t> value(const z3::expr& term);

  size_t queries() const { return queries_; }

 private:
  SmtOptions options_;
  std::unique_ptr<z3::context> ctx_;
  z3::solver solver_;
  std::optional<z3::model> model_;
  size_t queries_ = 0;
};

}  // namespace jhalt::smt
