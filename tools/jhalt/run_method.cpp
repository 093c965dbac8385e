#include "run_method.h"

#include <chrono>

#include <fmt/format.h>

#include "jhalt/engine/result.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {

report::EntryReport analyzeMethod(Analysis& a, const program::MethodInfo& m, bool main_convention,
                                  const MethodRun& run) {
  report::EntryReport rep;
  rep.method = m.qualifiedName();
  rep.java_method = engine::javaMethodName(m.owner().name(), m.name(), m.descriptor());
  rep.semantics = run.flags.semantics();
  engine::Entry entry{*a.program, m, main_convention, rep.semantics};
  auto t0 = std::chrono::steady_clock::now();
  auto fail = [&](std::string what) {
    rep.result = engine::Result{};
    rep.result.answer = engine::Answer::Error;
    rep.result.error = std::move(what);
  };
  try {
    certify::Options co = run.certify;
    co.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                          std::chrono::duration<double>(run.flags.timeout * 1.5));
    certify::DefaultCertifier certifier(co);
    portfolio::EngineOptions eo = run.engines;
    eo.seg.stats = eo.clp.stats = eo.recurrent.stats = eo.term.stats = run.stats;
    portfolio::Portfolio p = portfolio::makePortfolio(run.flags.engine, eo);
    rep.result = p.run(entry, run.goal, run.flags.budget(), certifier);
  } catch (const InternalError& e) {
    fail(fmt::format("internal error (a bug in jhalt): {}", e.what()));
  } catch (const ResourceLimit& e) {
    rep.result = engine::Result{};
    rep.result.notes.push_back(fmt::format("resource limit: {}", e.what()));
  } catch (const Unsupported& e) {
    rep.result = engine::Result{};
    rep.result.notes.push_back(fmt::format("unsupported: {}", e.what()));
  } catch (const InputError& e) {
    if (!run.isolate_input_errors) throw;
    rep.result = engine::Result{};
    rep.result.notes.push_back(fmt::format("bad input: {}: {}", e.file(), e.what()));
  } catch (const std::bad_alloc&) {
    fail("out of memory");
  } catch (const std::exception& e) {
    // Not one of jhalt's errors: a bug, reported as this method's error.
    fail(fmt::format("internal error (a bug in jhalt): {}", e.what()));
  }
  rep.result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

}  // namespace jhalt::cli
