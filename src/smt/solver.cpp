// The solver factory and its decorators: the query log (SMT-LIB files) and
// per-purpose statistics.
#include "jhalt/smt/solver.h"

#include <chrono>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

namespace jhalt::smt {

std::unique_ptr<Solver> makeZ3Solver(Context& ctx, const SolverOptions& options);
std::string quantifiedText(const Term& formula);

std::string_view resultName(Result r) {
  switch (r) {
    case Result::Sat: return "sat";
    case Result::Unsat: return "unsat";
    case Result::Unknown: return "unknown";
  }
  return "?";
}

size_t QueryStats::total() const {
  size_t n = 0;
  for (const auto& [_, e] : by_purpose) n += e.queries;
  return n;
}

double QueryStats::seconds() const {
  double s = 0;
  for (const auto& [_, e] : by_purpose) s += e.seconds;
  return s;
}

namespace {

// Forwards everything to the wrapped solver.
class Decorator : public Solver {
 public:
  explicit Decorator(std::unique_ptr<Solver> inner) : inner_(std::move(inner)) {}
  Context& ctx() override { return inner_->ctx(); }
  void add(const Term& f) override { inner_->add(f); }
  void push() override { inner_->push(); }
  void pop() override { inner_->pop(); }
  Result check(std::string_view purpose = "query") override { return inner_->check(purpose); }
  Result checkQuantified(const Term& f, std::string_view purpose, unsigned rlimit) override {
    return inner_->checkQuantified(f, purpose, rlimit);
  }
  std::optional<int64_t> value(const Term& t) override { return inner_->value(t); }
  std::optional<Rational> rationalValue(const Term& t) override { return inner_->rationalValue(t); }
  std::string assertionsText() override { return inner_->assertionsText(); }
  void setDeadline(std::chrono::steady_clock::time_point d) override { inner_->setDeadline(d); }

 protected:
  std::unique_ptr<Solver> inner_;
};

// Writes every query to `dir` as query-NNNN-<purpose>.smt2 before checking it.
class LoggingSolver final : public Decorator {
 public:
  LoggingSolver(std::unique_ptr<Solver> inner, std::string dir) : Decorator(std::move(inner)), dir_(std::move(dir)) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
  }
  Result check(std::string_view purpose = "query") override {
    write(purpose, inner_->assertionsText());
    return inner_->check(purpose);
  }
  Result checkQuantified(const Term& f, std::string_view purpose, unsigned rlimit) override {
    write(purpose, quantifiedText(f));
    return inner_->checkQuantified(f, purpose, rlimit);
  }

 private:
  void write(std::string_view purpose, const std::string& text) {
    std::ofstream out(fmt::format("{}/query-{:04}-{}.smt2", dir_, ++count_, purpose));
    out << "; jhalt query: " << purpose << "\n" << text;
  }
  std::string dir_;
  size_t count_ = 0;
};

// Counts and times queries by purpose.
class StatsSolver final : public Decorator {
 public:
  StatsSolver(std::unique_ptr<Solver> inner, QueryStats& stats) : Decorator(std::move(inner)), stats_(stats) {}
  Result check(std::string_view purpose = "query") override {
    return timed(purpose, [&] { return inner_->check(purpose); });
  }
  Result checkQuantified(const Term& f, std::string_view purpose, unsigned rlimit) override {
    return timed(purpose, [&] { return inner_->checkQuantified(f, purpose, rlimit); });
  }

 private:
  template <typename F>
  Result timed(std::string_view purpose, F&& f) {
    auto t0 = std::chrono::steady_clock::now();
    Result r = f();
    auto it = stats_.by_purpose.find(purpose);
    if (it == stats_.by_purpose.end()) it = stats_.by_purpose.emplace(std::string(purpose), QueryStats::Entry{}).first;
    QueryStats::Entry& e = it->second;
    ++e.queries;
    ++(r == Result::Sat ? e.sat : r == Result::Unsat ? e.unsat : e.unknown);
    e.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  }
  QueryStats& stats_;
};

}  // namespace

std::unique_ptr<Solver> makeSolver(Context& ctx, const SolverOptions& options, QueryStats* stats) {
  std::unique_ptr<Solver> s = makeZ3Solver(ctx, options);
  if (!options.dump_dir.empty()) s = std::make_unique<LoggingSolver>(std::move(s), options.dump_dir);
  if (stats) s = std::make_unique<StatsSolver>(std::move(s), *stats);
  return s;
}

}  // namespace jhalt::smt
