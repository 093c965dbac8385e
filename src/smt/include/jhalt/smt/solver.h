// The SMT layer's solver interface (after LoAT's and KLEE's: a small
// interface, back ends and decorators stacked by one factory): assert,
// push/pop, check, model values, and quantified checks over linear integer
// arithmetic. Every check is bounded by the back end's deterministic
// resource counter (Z3's rlimit), so the same query gets the same answer
// under any machine load; the wall-clock limit is only a safety net and
// turns a check into Unknown. Decorators log every query as SMT-LIB
// (`--dump-smt DIR`) and count and time queries per purpose.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "jhalt/smt/term.h"

namespace jhalt::smt {

enum class Result { Sat, Unsat, Unknown };

// num / den with den > 0.
struct Rational {
  int64_t num = 0;
  int64_t den = 1;
};
std::string_view resultName(Result r);

struct SolverOptions {
  // Resource units per check (Z3 rlimit; about 1-2 million per second of
  // solving on this kind of machine). 0: unbounded.
  unsigned rlimit = 4000000;
  // Quantified checks (quantifier elimination): their own bound.
  unsigned qe_rlimit = 3000000;
  // Safety net per check in milliseconds; never decides a proof, an expiry
  // is Unknown (sound).
  unsigned timeout_ms = 60000;
  std::string dump_dir;  // if set, every query is written there as SMT-LIB
};

// Per-purpose counts and times of the queries of one solver stack.
struct QueryStats {
  struct Entry {
    size_t queries = 0, sat = 0, unsat = 0, unknown = 0;
    double seconds = 0;
  };
  std::map<std::string, Entry, std::less<>> by_purpose;
  size_t total() const;
  double seconds() const;
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual Context& ctx() = 0;
  virtual void add(const Term& formula) = 0;
  virtual void push() = 0;
  virtual void pop() = 0;
  // Checks the asserted formulas; `purpose` names the query in logs.
  virtual Result check(std::string_view purpose = "query") = 0;
  // Checks one formula with quantifiers over linear integer arithmetic on
  // its own (assertions are not used): simplification, quantifier
  // elimination, then the SMT core; bounded by `rlimit` (0: qe_rlimit).
  virtual Result checkQuantified(const Term& formula, std::string_view purpose, unsigned rlimit = 0) = 0;
  // Value of an integer or bit-vector term (signed) in the model of the
  // last satisfiable check.
  virtual std::optional<int64_t> value(const Term& term) = 0;
  // Value of an arithmetic term as numerator and positive denominator, if
  // both fit into 64 bits.
  virtual std::optional<Rational> rationalValue(const Term& term) = 0;
  // SMT-LIB text of the current assertions (for logs).
  virtual std::string assertionsText() = 0;
  // A wall-clock end for every later check (the engine's deadline): a check
  // that would run past it is Unknown. Like the per-check safety net, it can
  // only turn an answer into Unknown.
  virtual void setDeadline(std::chrono::steady_clock::time_point deadline) = 0;
};

// The solver stack for `options`: Z3, then the query log when dump_dir is
// set, then statistics when `stats` is given (it must outlive the solver).
std::unique_ptr<Solver> makeSolver(Context& ctx, const SolverOptions& options, QueryStats* stats = nullptr);

}  // namespace jhalt::smt
