// Front-end throughput on the JDK's java.base module (about 6,400 classes):
// reading the jmod, parsing, decoding, control-flow analysis, disassembly.
// Run: build/bin/bench_frontend [--benchmark_repetitions=5]
#include <cstdlib>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "jhalt/bytecode/cfg.h"
#include "jhalt/classfile/parser.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/disasm/disassembler.h"

namespace {

std::string javaBase() {
  const char* home = std::getenv("JAVA_HOME");
  return std::string(home && *home ? home : JHALT_BENCH_JDK) + "/jmods/java.base.jmod";
}

const std::vector<std::vector<uint8_t>>& classBytes() {
  static const std::vector<std::vector<uint8_t>> bytes = [] {
    std::vector<std::vector<uint8_t>> out;
    auto src = jhalt::classpath::openJmod(javaBase());
    for (const auto& name : src->classNames()) out.push_back(*src->read(name));
    return out;
  }();
  return bytes;
}

std::vector<jhalt::classfile::ClassFile> parsedClasses() {
  std::vector<jhalt::classfile::ClassFile> out;
  for (const auto& b : classBytes()) out.push_back(jhalt::classfile::parseClassFile(b));
  return out;
}

void BM_ReadJmod(benchmark::State& state) {
  size_t n = 0;
  for (auto _ : state) {
    auto src = jhalt::classpath::openJmod(javaBase());
    for (const auto& name : src->classNames()) benchmark::DoNotOptimize(src->read(name));
    n = src->classNames().size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}
BENCHMARK(BM_ReadJmod)->Unit(benchmark::kMillisecond);

void BM_Parse(benchmark::State& state) {
  const auto& bytes = classBytes();
  for (auto _ : state)
    for (const auto& b : bytes) benchmark::DoNotOptimize(jhalt::classfile::parseClassFile(b));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond);

void BM_Decode(benchmark::State& state) {
  auto classes = parsedClasses();
  size_t methods = 0;
  for (auto _ : state) {
    methods = 0;
    for (const auto& cf : classes)
      for (const auto& m : cf.methods)
        if (m.code) {
          benchmark::DoNotOptimize(jhalt::bytecode::Bytecode::decode(*m.code, cf.pool));
          ++methods;
        }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * methods));
}
BENCHMARK(BM_Decode)->Unit(benchmark::kMillisecond);

void BM_ControlFlow(benchmark::State& state) {
  auto classes = parsedClasses();
  std::vector<std::pair<const jhalt::classfile::ClassFile*, jhalt::bytecode::Bytecode>> code;
  for (const auto& cf : classes)
    for (const auto& m : cf.methods)
      if (m.code) code.emplace_back(&cf, jhalt::bytecode::Bytecode::decode(*m.code, cf.pool));
  std::vector<const jhalt::classfile::Code*> attrs;
  for (const auto& cf : classes)
    for (const auto& m : cf.methods)
      if (m.code) attrs.push_back(&*m.code);
  for (auto _ : state) {
    for (size_t i = 0; i < code.size(); ++i) {
      auto cfg = jhalt::bytecode::ControlFlowGraph::build(code[i].second, *attrs[i], code[i].first->pool);
      jhalt::bytecode::Dominators dom(cfg);
      benchmark::DoNotOptimize(jhalt::bytecode::findLoops(cfg, dom));
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * code.size()));
}
BENCHMARK(BM_ControlFlow)->Unit(benchmark::kMillisecond);

void BM_Disassemble(benchmark::State& state) {
  auto classes = parsedClasses();
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (const auto& cf : classes) jhalt::disasm::disassemble(cf, {}, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * classes.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
}
BENCHMARK(BM_Disassemble)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  setenv("TZ", ":/etc/localtime", 0);  // as jhalt does: keeps libzip's mktime() from stat'ing per entry
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
