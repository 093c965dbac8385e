// Soundness of symbolic execution graphs, checked against the JVM (issue 3):
// methods of tests/java/soundness/Sound.java run on random inputs on the
// real JVM and in jhalt's evaluator on the same concrete inputs; the outcomes
// must agree, and every concrete state of the run must be an instance of a
// state of the graph built for arbitrary inputs, along a path of the graph.
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/seg/builder.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/state/merge.h"
#include "jhalt/state/print.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::seg {
namespace {

using state::HeapValue;
using state::Interval;
using state::kNull;
using state::State;

struct Input {
  std::string method;
  std::vector<std::optional<std::vector<int>>> arrays;  // per parameter: array value (nullopt: null)
  std::vector<int> ints;                                // per parameter: int value
  std::vector<char> kinds;                              // 'I' or '['
  std::string text() const {
    std::string out = method;
    for (size_t i = 0; i < kinds.size(); ++i) {
      out += ';';
      if (kinds[i] == 'I') {
        out += std::to_string(ints[i]);
      } else if (!arrays[i]) {
        out += "null";
      } else {
        out += '[';
        for (size_t k = 0; k < arrays[i]->size(); ++k) out += (k ? "," : "") + std::to_string((*arrays[i])[k]);
        out += ']';
      }
    }
    return out;
  }
};

std::string runJvm(const std::vector<Input>& inputs) {
  std::string file = ::testing::TempDir() + "/jhalt_soundness_inputs.txt";
  {
    std::ofstream out(file);
    for (const Input& in : inputs) out << in.text() << "\n";
  }
  std::string cmd = test::kJdk + "/bin/java -cp " + test::kClasses + " SoundnessHarness " + file;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return {};
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, n);
  pclose(p);
  return text;
}

class Soundness : public ::testing::Test {
 protected:
  Soundness() : cp_(options()), program_(cp_), types_(program_), ev_(program_, types_, alloc_) {}
  static classpath::ClassPathOptions options() { return test::testClassPath(); }

  State concreteEntry(const program::MethodInfo& m, const Input& in) {
    State s;
    state::Frame f;
    f.method = &m;
    f.locals.assign(m.method().code->max_locals, state::kNone);
    for (size_t i = 0; i < in.kinds.size(); ++i) {
      if (in.kinds[i] == 'I') {
        state::Ref r = alloc_.fresh();
        s.put(r, HeapValue::integer(Interval::point(in.ints[i])));
        f.locals[i] = r;
      } else if (!in.arrays[i]) {
        f.locals[i] = kNull;
      } else {
        state::Ref len = alloc_.fresh();
        s.put(len, HeapValue::integer(Interval::point(static_cast<int64_t>(in.arrays[i]->size()))));
        state::Ref arr = alloc_.fresh();
        HeapValue a = HeapValue::object(types_.exactly(types_.intern("[I")));
        a.kind = HeapValue::Kind::Array;
        a.length = len;
        a.has_elements = true;
        for (int v : *in.arrays[i]) {
          state::Ref e = alloc_.fresh();
          s.put(e, HeapValue::integer(Interval::point(v)));
          a.elements.push_back(e);
        }
        s.put(arr, std::move(a));
        f.locals[i] = arr;
      }
    }
    s.frames.push_back(std::move(f));
    return s;
  }

  // Is the concrete state `c` represented by `s`? A call stack abstraction
  // (thesis 002, Def. 3.11) represents the top frames of deeper states.
  bool covered(const State& c, const State& s) {
    if (!s.open_context || c.frames.size() <= s.frames.size()) return state::isInstance(c, s, types_);
    State top = c;
    top.frames.resize(s.frames.size());
    top.open_context = true;
    top.collectGarbage();
    return state::isInstance(top, s, types_);
  }

  // Nodes reachable from `nodes` over refinement, instance and call edges of
  // which `c` is an instance.
  std::vector<NodeId> closure(const Graph& g, std::vector<NodeId> nodes, const State& c) {
    std::vector<NodeId> out, work = std::move(nodes);
    std::set<NodeId> seen;
    while (!work.empty()) {
      NodeId n = work.back();
      work.pop_back();
      if (!seen.insert(n).second || !g.node(n).alive) continue;
      if (!covered(c, g.state(n))) continue;
      out.push_back(n);
      for (EdgeId e : g.outEdges(n))
        if (g.edge(e).kind != EdgeKind::Eval && g.edge(e).kind != EdgeKind::Return) work.push_back(g.edge(e).to);
    }
    return out;
  }

  std::string outcome(const State& end) {
    if (end.exception != state::kNone) {
      const auto& bounds = end.at(end.exception).type.bounds;
      return "exception " + (bounds.empty() ? std::string("?") : types_.name(bounds.front().type));
    }
    if (end.result == state::kNone) return "ok null";
    return "ok " + std::to_string(end.intervalOf(end.result).lo);
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
  Evaluator ev_;
};

TEST_F(Soundness, ConcreteRunsAreCoveredByTheGraph) {
  const program::ClassInfo& sound = program_.get("Sound");
  std::mt19937 rng(20261121);
  std::uniform_int_distribution<int> small(-6, 12);
  std::vector<Input> inputs;
  std::vector<const program::MethodInfo*> methods;
  for (const auto& m : sound.methods) {
    if (!m->isStatic() || m->name().starts_with("<")) continue;
    auto mt = classfile::parseMethodDescriptor(m->descriptor());
    if (!m->descriptor().ends_with(")I") || m->descriptor().find('L') != std::string_view::npos) continue;
    std::vector<char> kinds;
    for (const auto& p : mt->params) kinds.push_back(p.kind() == '[' ? '[' : 'I');
    methods.push_back(m.get());
    for (int k = 0; k < 12; ++k) {
      Input in;
      in.method = std::string(m->name());
      in.kinds = kinds;
      for (char kind : kinds) {
        in.ints.push_back(k < 3 ? k - 1 : small(rng));  // -1, 0, 1 first, then random
        if (kind == '[') {
          if (k == 0) {
            in.arrays.emplace_back(std::nullopt);
          } else {
            std::vector<int> a(static_cast<size_t>(k % 4));
            for (int& v : a) v = small(rng);
            in.arrays.emplace_back(a);
          }
        } else {
          in.arrays.emplace_back(std::vector<int>{});
        }
      }
      inputs.push_back(in);
    }
  }
  std::istringstream jvm(runJvm(inputs));
  std::vector<std::string> expected;
  for (std::string line; std::getline(jvm, line);) expected.push_back(line);
  ASSERT_EQ(expected.size(), inputs.size()) << "the JVM harness did not answer every input";

  std::map<std::string, std::unique_ptr<Graph>> graphs;
  for (const program::MethodInfo* m : methods) {
    auto g = std::make_unique<Graph>();
    BuildResult r = buildGraph(*g, ev_.methodEntry(*m), ev_, BuildOptions{});
    ASSERT_EQ(r.status, BuildResult::Status::Complete) << m->qualifiedName() << ": " << r.reason;
    graphs[std::string(m->name())] = std::move(g);
  }

  int runs = 0;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const Input& in = inputs[k];
    const program::MethodInfo* m = nullptr;
    for (const auto* x : methods)
      if (x->name() == in.method) m = x;
    const Graph& g = *graphs[in.method];
    State c = concreteEntry(*m, in);
    std::vector<NodeId> frontier = closure(g, {g.root()}, c);
    ASSERT_FALSE(frontier.empty()) << in.text() << ": entry not covered";
    int steps = 0;
    while (!c.finished()) {
      ASSERT_LT(++steps, 100000) << in.text() << ": concrete run too long";
      StepResult r = ev_.step(c);
      ASSERT_FALSE(r.unsupported) << in.text() << ": " << r.reason;
      ASSERT_EQ(r.successors.size(), 1u) << in.text() << ": a concrete state was refined\n"
                                         << state::toString(c, types_) << "into\n"
                                         << state::toString(r.successors[0].state, types_) << "and\n"
                                         << state::toString(r.successors[1].state, types_);
      State next = std::move(r.successors.front().state);
      std::vector<NodeId> targets;
      for (NodeId n : frontier)
        for (EdgeId e : g.outEdges(n))
          if (g.edge(e).kind == EdgeKind::Eval || g.edge(e).kind == EdgeKind::Return) targets.push_back(g.edge(e).to);
      frontier = closure(g, targets, next);
      ASSERT_FALSE(frontier.empty()) << in.text() << ": step " << steps << " not covered by the graph; state\n"
                                     << state::toString(next, types_);
      c = std::move(next);
    }
    EXPECT_EQ(outcome(c), expected[k]) << in.text();
    ++runs;
  }
  EXPECT_GE(runs, 200);
}

}  // namespace
}  // namespace jhalt::seg
