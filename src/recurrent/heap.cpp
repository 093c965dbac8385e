// Heap recurrent sets: a loop-head state of a concrete run, abstracted,
// whose symbolic execution graph has no program end (paper 003, Thm. 2 with
// thesis 002's states as the domain; see heap.h).
#include "jhalt/recurrent/heap.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include "jhalt/state/print.h"

#include "jhalt/concrete/candidates.h"
#include "jhalt/concrete/entry.h"
#include "jhalt/concrete/run.h"
#include "jhalt/program/program.h"
#include "jhalt/seg/builder.h"
#include "jhalt/seg/evaluator.h"

namespace jhalt::recurrent {
namespace {

using state::HeapValue;
using state::Ref;
using state::State;

// How much of the concrete state the set keeps (tried in this order: the
// largest set first).
enum class Keep { Shape, ShapeAndHeapInts, Everything };

const char* keepText(Keep k) {
  switch (k) {
    case Keep::Shape: return "every integer open: only the heap's shape and the types fixed";
    case Keep::ShapeAndHeapInts:
      return "the method's integers open, and each integer of the heap whose opening keeps the graph closed";
    case Keep::Everything: return "from the run's state, each integer opened whose opening keeps the graph closed";
  }
  return "";
}

bool atLoopHead(const State& s) {
  if (s.frames.empty() || s.exception != state::kNone || s.split >= 0) return false;
  const state::Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t idx = code.bytecode.indexAt(f.pc);
  return idx >= 0 && code.loop_head[static_cast<size_t>(idx)];
}

// The entry of a method called recursively (the same method lower on the
// stack): with the top frame cut off, a closed graph from there says the
// frame never returns, an infinite recursion (thesis 002, Ch. 3 graphs).
bool atRecursionHead(const State& s) {
  if (s.frames.size() < 2 || s.exception != state::kNone || s.split >= 0 || s.top().pc != 0) return false;
  for (size_t i = 1; i < s.frames.size(); ++i)
    if (s.frames[i].method == s.top().method) return true;
  return false;
}

constexpr uint32_t kRecursionStay = 16;

uint32_t framesOf(const State& s, const program::MethodInfo& m) {
  uint32_t n = 0;
  for (const state::Frame& f : s.frames) n += f.method == &m;
  return n;
}

bool applicationCode(const program::MethodInfo& m) {
  return m.owner().origin() == classpath::Origin::Application;
}

// The integers of `s` that are array lengths (an array with known contents
// needs its literal length) or fields of objects of classes outside the
// application and the elements of their arrays (a String's characters,
// hash and coder: opening them describes no program state of interest and
// makes library code imprecise).
std::set<Ref> fixedIntegers(const State& s, state::TypeSystem& types) {
  std::set<Ref> out;
  for (const auto& [r, v] : s.heap) {
    if (v->kind == HeapValue::Kind::Array) out.insert(v->length);
    if (v->kind != HeapValue::Kind::Instance || v->type.bounds.empty()) continue;
    const program::ClassInfo* c = types.program().find(types.name(v->type.bounds.front().type));
    if (c && c->origin() == classpath::Origin::Application) continue;
    for (const auto& [f, fr] : v->fields) {
      out.insert(fr);
      // A String's characters (the set states its text).
      if (const HeapValue* a = s.find(fr); a && a->kind == HeapValue::Kind::Array)
        out.insert(a->elements.begin(), a->elements.end());
    }
  }
  return out;
}

// The start state of the search (paper 003, §3.1: any initial set is
// sound): the loop head's frame of `c`, the heap it reaches and the
// statics, with the integers `keep` does not keep opened to their type's
// range (floats to any value).
// The values an integer of kind `prim` may hold: under mathematical
// integers an int or a long is unbounded (a run may have left 32 bits);
// narrower kinds are narrowed by the code that stores them.
state::Interval openRange(char prim, bool jvm) {
  if (!jvm && (prim == 'I' || prim == 'J')) return state::Interval::all();
  return state::Interval::ofType(prim);
}

State abstractState(const State& c, Keep keep, state::TypeSystem& types, bool jvm) {
  State s = c;
  s.frames.resize(1);
  s.string_pool.clear();
  s.relations.clear();
  s.split = -1;
  s.result = state::kNone;
  s.collectGarbage();
  if (keep == Keep::Everything) return s;
  std::set<Ref> in_frame(s.top().locals.begin(), s.top().locals.end());
  in_frame.insert(s.top().stack.begin(), s.top().stack.end());
  std::set<Ref> fixed = fixedIntegers(s, types);
  for (auto& [r, v] : s.heap) {
    if (fixed.count(r) || (keep == Keep::ShapeAndHeapInts && !in_frame.count(r))) continue;
    if (v->kind == HeapValue::Kind::Integer) v.mutate().interval = openRange(v->prim, jvm);
    if (v->kind == HeapValue::Kind::Float) v.mutate().literal.reset();
  }
  return s;
}

std::string localName(const program::MethodInfo& m, size_t slot, uint32_t pc) {
  for (const auto& lv : m.code().attribute.locals)
    if (lv.index == slot && pc >= lv.start_pc && pc <= lv.start_pc + lv.length) return std::string(lv.name);
  return fmt::format("local{}", slot);
}

// The set in Java terms: each variable of the frame, the objects it reaches
// numbered #1, #2, ... with their reference fields and their known
// integers; an open integer is left out.
class Describer {
 public:
  Describer(const State& s, state::TypeSystem& types, bool jvm) : s_(s), types_(types), jvm_(jvm) {}

  std::string describe() {
    const state::Frame& f = s_.top();
    std::vector<std::string> parts;
    for (size_t slot = 0; slot < f.locals.size(); ++slot) {
      Ref r = f.locals[slot];
      if (r == state::kNone) continue;
      std::string v = value(r);
      if (v.empty()) continue;
      bool relation = v[0] == '>' || v[0] == '<' || v[0] == 'i';
      parts.push_back(fmt::format("{}{}{}", localName(*f.method, slot, f.pc), relation ? " " : " == ", v));
    }
    // Static fields of the application's classes.
    for (const auto& [fid, r] : s_.statics) {
      const state::FieldInfo& fi = types_.fieldInfo(fid);
      const program::ClassInfo* c = types_.program().find(fi.owner);
      if (!c || c->origin() != classpath::Origin::Application) continue;
      std::string v = value(r, fi.descriptor == "Z");
      if (v.empty()) continue;
      bool relation = v[0] == '>' || v[0] == '<' || v[0] == 'i';
      parts.push_back(fmt::format("{}.{}{}{}", input::javaClassName(fi.owner), fi.name, relation ? " " : " == ", v));
    }
    for (size_t i = 0; i < order_.size(); ++i) parts.push_back(object(order_[i]));
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : " && ") + p;
    return out.empty() ? "true" : out;
  }

 private:
  // A value's text, empty when open (any value of its type).
  std::string value(Ref r, bool boolean = false) {
    if (r == state::kNull) return "null";
    const HeapValue* v = s_.find(r);
    if (!v) return "";
    if (v->kind == HeapValue::Kind::Integer) {
      const state::Interval type = openRange(v->prim, jvm_), iv = v->interval;
      if (iv == type) return "";
      if (iv.lo == iv.hi) return boolean ? (iv.lo ? "true" : "false") : fmt::format("{}", iv.lo);
      if (iv.hi == type.hi) return fmt::format(">= {}", iv.lo);
      if (iv.lo == type.lo) return fmt::format("<= {}", iv.hi);
      return fmt::format("in [{}, {}]", iv.lo, iv.hi);
    }
    if (v->kind == HeapValue::Kind::Float) return v->literal ? fmt::format("{}", *v->literal) : "";
    auto [it, added] = ids_.emplace(r, ids_.size() + 1);
    if (added) order_.push_back(r);
    return fmt::format("#{}", it->second);
  }

  std::string object(Ref r) {
    const HeapValue& v = s_.at(r);
    std::string type = v.type.bounds.empty() ? "Object" : input::javaClassName(types_.name(v.type.bounds.front().type));
    std::string fields;
    auto add = [&](const std::string& name, Ref x, bool boolean) {
      std::string t = value(x, boolean);
      if (t.empty()) return;
      bool relation = t[0] == '>' || t[0] == '<' || t[0] == 'i';
      fields += fmt::format("{}{}{}{}", fields.empty() ? "" : ", ", name, relation ? " " : " = ", t);
    };
    if (v.kind == HeapValue::Kind::Array) {
      const HeapValue* len = s_.find(v.length);
      if (len && len->interval.lo == len->interval.hi) fields = fmt::format("length = {}", len->interval.lo);
      if (v.has_elements)
        for (size_t i = 0; i < v.elements.size(); ++i) add(fmt::format("[{}]", i), v.elements[i], !v.type.bounds.empty() && types_.name(v.type.bounds.front().type) == "[Z");
    } else if (type == "java.lang.String") {
      fields = stringText(v);
    } else {
      for (const auto& [f, x] : v.fields) add(types_.fieldInfo(f).name, x, types_.fieldInfo(f).descriptor == "Z");
    }
    return fmt::format("#{} is a {}{}", ids_.at(r), type, fields.empty() ? "" : " {" + fields + "}");
  }

  // A String's text as a Java literal, when every character is known.
  std::string stringText(const HeapValue& str) const {
    for (const auto& [f, x] : str.fields) {
      const HeapValue* a = types_.fieldInfo(f).name == "value" ? s_.find(x) : nullptr;
      if (!a || a->kind != HeapValue::Kind::Array || !a->has_elements) continue;
      std::string text;
      for (Ref e : a->elements) {
        const HeapValue* ch = s_.find(e);
        if (!ch || ch->kind != HeapValue::Kind::Integer || ch->interval.lo != ch->interval.hi || ch->interval.lo < 0 ||
            ch->interval.lo > 0x7f)
          return "text unknown";
        text += static_cast<char>(ch->interval.lo);
      }
      return "text = " + input::javaStringLiteral(text);
    }
    return "text unknown";
  }

  const State& s_;
  state::TypeSystem& types_;
  const bool jvm_;
  std::map<Ref, size_t> ids_;
  std::vector<Ref> order_;
};

class HeapSearch {
 public:
  HeapSearch(const engine::Entry& entry, const engine::Budget& budget, const HeapOptions& options,
             const HeadFilter& proven, const std::function<void(const std::string&)>& trace)
      : entry_(entry), budget_(budget), options_(options), proven_(proven), trace_(trace), types_(entry.program),
        conc_(entry.program, types_, alloc_, concreteOptions()) {}

  HeapSets run() {
    // (Finalizers, which run on another thread, are the certifier's concern:
    // it confirms no claim where the program may create such an object.)
    std::vector<input::Witness> inputs = concrete::candidateWitnesses(
        entry_.program, entry_.method, entry_.main_convention, budget_.scaled(options_.candidates));
    for (const input::Witness& w : inputs) {
      if (budget_.expired() || attempts_ >= options_.max_attempts || steps_ >= budget_.scaled(options_.total_steps))
        break;
      budget_.checkMemory();
      tryInput(w);
    }
    return {std::move(found_), attempts_};
  }

 private:
  bool jvm() const { return entry_.semantics == engine::Semantics::Jvm; }
  seg::EvalOptions concreteOptions() const {
    seg::EvalOptions o;
    o.jvm_int_semantics = jvm();
    o.concrete = true;
    return o;
  }
  void trace(const std::string& text) const {
    if (trace_) trace_(text);
  }

  // Runs `w` until it has visited one loop head `options_.visits` times,
  // then tries that state.
  void tryInput(const input::Witness& w) {
    std::optional<State> s = concrete::entryState(conc_, entry_.method, w);
    if (!s) return;
    concrete::RunOptions ro;
    ro.max_steps = budget_.scaled(options_.run_steps);
    ro.detect_cycles = false;
    ro.max_heap = options_.max_heap;
    ro.max_depth = 512;  // every step copies the frames
    ro.deadline = budget_.deadline();
    std::map<std::pair<const program::MethodInfo*, uint32_t>, uint32_t> visits;
    std::optional<State> at;
    std::map<std::pair<const program::MethodInfo*, uint32_t>, State> taken;  // at the visits-th visit
    concrete::RunResult run = concrete::run(conc_, std::move(*s), ro, [&](const State& c, size_t) {
      const bool recursion = atRecursionHead(c);
      if (!(recursion || atLoopHead(c)) || !applicationCode(*c.top().method)) return false;
      auto head = std::make_pair(c.top().method, c.top().pc);
      // A loop head counts its visits; a recursive method's entry its
      // frames on the stack (calls that returned do not count).
      uint32_t n = recursion ? framesOf(c, *head.first) : ++visits[head];
      if (n < options_.visits) return false;
      // (One attempt per recursive method: an input that recurses deep and
      // returns is usually not one step from a recursion that does not.)
      const uint32_t attempts = recursion ? 1 : options_.per_head;
      // A loop of a method whose recursion is proven endless already: the
      // same non-termination (and its run is deep, slow to confirm).
      const bool covered = !recursion && done_.count({head.first, 0});
      if (tried_[head] < attempts && !done_.count(head) && !covered && !proven_(*head.first, head.second)) {
        // The state of the visits-th visit (call), tried only once the run
        // is still there (that deep) many visits later: a loop that ends
        // soon costs no attempt.
        if (n == options_.visits) taken.insert_or_assign(head, c);
        // (A recursion 16 frames deeper: deeper runs of a recursion whose
        // values grow leave 64 bits first.)
        if (n < (recursion ? kRecursionStay : options_.stay_visits) || !taken.count(head)) return false;
        at = taken.at(head);
        return true;
      }
      // A loop head tried enough already: after many more visits the run is
      // probably stuck in its loop, and running on costs time for nothing.
      // A recursion with a set already: this run is deep in it (and every
      // step copies its frames).
      return recursion ? done_.count(head) > 0 : n >= 50 * options_.visits;
    });
    steps_ += run.steps;
    if (trace_)
      trace(fmt::format("run of {}: outcome {}, {} steps, depth {}{}", w.describe(), static_cast<int>(run.outcome),
                        run.steps, run.max_depth, run.reason.empty() ? "" : " (" + run.reason + ")"));
    if (!at) return;
    auto head = std::make_pair(at->top().method, at->top().pc);
    ++tried_[head];
    ++attempts_;
    for (Keep keep : {Keep::Shape, Keep::ShapeAndHeapInts, Keep::Everything}) {
      if (budget_.expired()) return;
      State start = abstractState(*at, keep, types_, jvm());
      size_t states = 0;
      if (!closed(start, states)) continue;
      if (keep != Keep::Shape) openWhatItCan(start, states);
      HeapSet set;
      set.method = head.first;
      set.pc = head.second;
      set.witness = w;
      set.text = Describer(start, types_, jvm()).describe();
      set.abstracted = keepText(keep);
      set.states = states;
      set.visits = options_.visits;
      if (atRecursionHead(*at)) {
        set.recursion = true;
        set.call_method = at->frames[1].method;
        set.call_pc = at->frames[1].pc;
      }
      trace(fmt::format("heap recurrent set at {} pc {}: {}", head.first->qualifiedName(), head.second, set.text));
      found_.push_back(std::move(set));
      done_.insert(head);
      return;
    }
    trace(fmt::format("no closed graph at {} pc {}", head.first->qualifiedName(), head.second));
  }

  // A larger set that reads better: each integer the set still
  // fixes is opened when the graph stays closed without it (at most
  // kMaxOpened tries, in the heap's order: deterministic).
  void openWhatItCan(State& start, size_t& states) {
    constexpr size_t kMaxOpened = 8;
    std::set<Ref> fixed = fixedIntegers(start, types_);
    size_t tries = 0;
    for (size_t i = 0; i < start.heap.size() && tries < kMaxOpened && !budget_.expired(); ++i) {
      const auto& [r, v] = start.heap[i];
      const state::Interval type = openRange(v->prim, jvm());
      if (v->kind != HeapValue::Kind::Integer || fixed.count(r) || v->interval == type) continue;
      ++tries;
      // Any value, else the values on its side of zero, else those beyond
      // it.
      const int64_t x = v->interval.lo;
      std::vector<state::Interval> wider_ones{type};
      if (x > 0) wider_ones.insert(wider_ones.end(), {state::Interval::range(1, type.hi), state::Interval::range(x, type.hi)});
      if (x < 0) wider_ones.insert(wider_ones.end(), {state::Interval::range(type.lo, -1), state::Interval::range(type.lo, x)});
      for (const state::Interval& iv : wider_ones) {
        State wider = start;
        wider.heap[i].second.mutate().interval = iv;
        if (size_t n = 0; closed(wider, n)) {
          start = std::move(wider);
          states = n;
          break;
        }
      }
    }
  }

  // Whether the graph from `start` is complete and has no program end
  // (paper 003, Thm. 2: all its states form a recurrent component).
  bool closed(const State& start, size_t& states) {
    seg::BuildOptions bo;
    bo.eval.jvm_int_semantics = jvm();
    bo.max_nodes = budget_.scaled(options_.max_nodes);
    bo.max_evaluations = budget_.scaled(options_.max_evaluations);
    // A loop that keeps allocating grows every state: such graphs are not
    // closed, and evaluating ever larger states costs most of the time.
    bo.max_state_size = 2 * start.heap.size() + 64;
    bo.entry_variants = 4;  // recursion through a few values: 1, 4, 2, 1, ...
    bo.exact_unroll = 16;   // concrete library loops (Integer.toString) stay exact
    bo.max_seconds = budget_.secondsLeft() / 4;  // a safety net: the limits above decide
    bo.checkpoint = [this] { budget_.checkMemory(); };
    state::RefAllocator alloc(start.maxRef() + 1);
    seg::Evaluator ev(entry_.program, types_, alloc, bo.eval);
    seg::Graph g;
    seg::BuildResult built = seg::buildGraph(g, start, ev, bo);
    if (trace_) trace(fmt::format("graph from a loop head: {} states, {} evaluations, {:.2f} s", g.liveNodes(),
                                  built.evaluations, built.seconds));
    if (built.status != seg::BuildResult::Status::Complete) {
      trace(fmt::format("graph from the loop head incomplete: {}", built.reason));
      return false;
    }
    // An unanalysed library call may end the program (System.exit) or do
    // what its havoc does not cover: no set.
    if (!built.library_calls.empty()) {
      trace(fmt::format("the graph calls the library ({}): no set", *built.library_calls.begin()));
      return false;
    }
    for (seg::NodeId n : g.nodes())
      if (g.state(n).finished()) {
        const seg::NodeId before = g.node(n).parent;
        if (trace_ && before != seg::kNoNode && g.node(before).alive)
          trace(fmt::format("the graph from the loop head reaches a program end:\n{}",
                            state::toString(g.state(before), types_)));
        return false;
      }
    states = g.liveNodes();
    return true;
  }

  const engine::Entry& entry_;
  const engine::Budget& budget_;
  const HeapOptions& options_;
  const HeadFilter& proven_;
  const std::function<void(const std::string&)>& trace_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
  seg::Evaluator conc_;
  std::map<std::pair<const program::MethodInfo*, uint32_t>, size_t> tried_;  // attempts per head
  std::set<std::pair<const program::MethodInfo*, uint32_t>> done_;           // heads with a set
  size_t attempts_ = 0;
  size_t steps_ = 0;  // concrete steps run
  std::vector<HeapSet> found_;
};

}  // namespace

HeapSets heapRecurrentSets(const engine::Entry& entry, const engine::Budget& budget,
                                       const HeapOptions& options, const HeadFilter& proven,
                                       const std::function<void(const std::string&)>& trace) {
  return HeapSearch(entry, budget, options, proven, trace).run();
}

}  // namespace jhalt::recurrent
