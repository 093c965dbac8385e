// Helpers of the engine-level unit tests (header only): an SMT solver, the
// replay and certifier options for the test programs.
#pragma once

#include <memory>

#include "jhalt/certify/certifier.h"
#include "jhalt/replay/replay.h"
#include "jhalt/smt/solver.h"
#include "test_support.h"

namespace jhalt::test {

inline const std::string kHarnessJar = JHALT_TEST_HARNESS_JAR;

struct Smt {
  smt::Context ctx;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, smt::SolverOptions{});
  smt::Solver& operator*() { return *solver; }
  smt::Solver* operator->() { return solver.get(); }
};

inline replay::ReplayOptions replayOptions(double timeout = 1.0) {
  replay::ReplayOptions r;
  r.java_home = kJdk;
  r.harness_jar = kHarnessJar;
  r.agent_library = JHALT_TEST_AGENT;
  r.classpath = {kClasses};
  r.timeout_seconds = timeout;
  return r;
}

inline certify::Options certifyOptions() {
  certify::Options o;
  o.replay_options = replayOptions();
  return o;
}

}  // namespace jhalt::test
