// The CLP engine's phases (and the stored field values) on the recursive TPDB problems (the jars below
// ../shared/tpdb/Java_Bytecode_Recursive, or $JHALT_TPDB_RECURSIVE):
// translation into clauses (paper 001, §4), binary unfolding (Def. 16) and
// the whole engine without the JVM replay. Each iteration handles all jars.
// Run: build/bin/bench_clp [--benchmark_repetitions=5]
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "jhalt/classpath/class_path.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/certify/certifier.h"
#include "jhalt/clp/engine.h"
#include "jhalt/clp/translate.h"
#include "jhalt/clp/unfold.h"
#include "jhalt/program/field_values.h"
#include "jhalt/program/targets.h"

namespace {

struct Problem {
  std::unique_ptr<jhalt::classpath::ClassPath> class_path;
  std::unique_ptr<jhalt::program::Program> program;
  const jhalt::program::MethodInfo* main = nullptr;
};

std::vector<Problem>& problems() {
  static std::vector<Problem> all = [] {
    std::vector<Problem> out;
    const char* dir = std::getenv("JHALT_TPDB_RECURSIVE");
    std::string root = dir && *dir ? dir : JHALT_BENCH_TPDB "/Java_Bytecode_Recursive";
    if (!std::filesystem::is_directory(root)) return out;
    std::vector<std::string> jars;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root))
      if (e.path().extension() == ".jar") jars.push_back(e.path().string());
    std::sort(jars.begin(), jars.end());
    for (const std::string& jar : jars) {
      try {
        Problem p;
        jhalt::classpath::ClassPathOptions o;
        o.application = {jar};
        o.models_jar = JHALT_BENCH_MODELS;
        o.jdk_home = JHALT_BENCH_JDK;
        p.class_path = std::make_unique<jhalt::classpath::ClassPath>(o);
        p.program = std::make_unique<jhalt::program::Program>(*p.class_path);
        auto cls = jhalt::classpath::jarMainClass(jar);
        if (!cls) continue;
        p.main = p.program->get(*cls).declaredMethod("main", "([Ljava/lang/String;)V");
        if (p.main && p.main->hasCode()) out.push_back(std::move(p));
      } catch (const std::exception&) {
      }
    }
    return out;
  }();
  return all;
}

void BM_Translate(benchmark::State& state) {
  size_t clauses = 0;
  for (auto _ : state)
    for (Problem& p : problems()) clauses += jhalt::clp::translate(*p.program, *p.main, true).clauses.size();
  state.counters["problems"] = static_cast<double>(problems().size());
  benchmark::DoNotOptimize(clauses);
}

void BM_TranslateAndUnfold(benchmark::State& state) {
  size_t binary = 0;
  for (auto _ : state)
    for (Problem& p : problems()) {
      jhalt::smt::Context ctx;
      auto solver = jhalt::smt::makeSolver(ctx, {});
      auto clp = jhalt::clp::translate(*p.program, *p.main, true);
      binary += jhalt::clp::unfold(clp, *solver).clauses.size();
    }
  benchmark::DoNotOptimize(binary);
}

// The engine with its certifier (jhalt's own runs, no JVM), mathematical
// integers as in the TPDB.
void BM_EngineWithCertifier(benchmark::State& state) {
  size_t no = 0;
  for (auto _ : state)
    for (Problem& p : problems()) {
      jhalt::certify::Options co;
      co.replay = false;
      jhalt::certify::DefaultCertifier certifier(co);
      jhalt::engine::Entry e{*p.program, *p.main, true, jhalt::engine::Semantics::Math};
      no += jhalt::clp::ClpEngine()
                .analyze(e, jhalt::engine::Goal{true, false}, jhalt::engine::Budget(10, 1, int64_t{1} << 30), certifier)
                .nonTerminating() > 0;
    }
  state.counters["NO"] = static_cast<double>(no) / static_cast<double>(state.iterations());
}

// The stored field values (program/field_values.h) the term engine computes
// before it builds a graph of main.
void BM_StoredFieldValues(benchmark::State& state) {
  size_t known = 0, steps = 0;
  for (auto _ : state)
    for (Problem& p : problems()) {
      auto v = jhalt::program::storedFieldValues(*p.program, jhalt::program::applicationClasses(*p.program));
      known += v.known.size();
      steps += v.steps;
    }
  state.counters["steps"] = static_cast<double>(steps) / static_cast<double>(state.iterations());
  benchmark::DoNotOptimize(known);
}

BENCHMARK(BM_StoredFieldValues)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Translate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TranslateAndUnfold)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EngineWithCertifier)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
