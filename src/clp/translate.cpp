#include "jhalt/clp/translate.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/error.h"
#include "scan.h"
#include "statics.h"
#include "step.h"

namespace jhalt::clp {
namespace {

using detail::Kind;
using detail::Step;
using detail::Sym;
using detail::Val;
using K = Kind::K;

struct KindFrame {
  std::vector<Kind> locals, stack;
  bool operator==(const KindFrame&) const = default;
};

// One cut point: where its predicate's arguments come from.
struct Cut {
  PredId pred;
  KindFrame kinds;
  std::vector<std::pair<bool, size_t>> slots;  // (is stack, index) of each int argument
};

struct MethodPlan {
  const program::MethodInfo* method = nullptr;
  bool main = false;       // the entry under the TPDB convention
  bool has_return = false;
  std::vector<std::optional<KindFrame>> in;  // per instruction
  std::map<uint32_t, Cut> cuts;              // by instruction index
};

class Translator {
 public:
  Translator(program::Program& program, const TranslateOptions& options) : program_(program), options_(options) {}

  ClpProgram run(const program::MethodInfo& entry, bool main_convention) {
    main_entry_ = main_convention ? &entry : nullptr;
    // The JVM initialises the main class before it invokes main (JVMS
    // §5.2), so its statics are tracked too, from unknown values.
    if (main_convention && options_.for_termination) initialized_main_ = &entry.owner();
    loadApplicationClasses();
    statics_.collect(entry, initialized_main_, out_.notes);
    if (main_convention) countArgStrings(entry);
    PredId e = plan(entry);
    out_.entry = e;
    translatePlanned();
    if (options_.for_termination) planInitializers(entry, e);
    // Entry facts: len(args) >= 0 and every string length >= 0.
    const Predicate& ep = out_.preds[e];
    if (main_convention) {
      out_.args_length = static_cast<int>(input_base_);
      out_.entry_constraint.push_back(ge(LinExpr::var(input_base_), LinExpr::num(0)));
      for (size_t k = 0; k < arg_strings_; ++k) {
        out_.arg_string_lengths.push_back(static_cast<int>(input_base_ + 1 + k));
        out_.entry_constraint.push_back(ge(LinExpr::var(static_cast<Var>(input_base_ + 1 + k)), LinExpr::num(0)));
      }
    }
    (void)ep;
    if (!main_convention) describeParameters(entry);
    // The tracked static fields start with their default value (their
    // classes have no static initializer), except the main class's.
    for (size_t k = 0; k < statics_.size(); ++k) {
      if (statics_.fields()[k].unknown_at_entry) continue;
      out_.entry_constraint.push_back(eq(LinExpr::var(entry_statics_base_ + static_cast<Var>(k)), LinExpr::num(0)));
      out_.entry_statics.push_back(out_.entry_constraint.back());
    }
    return std::move(out_);
  }

 private:
  // Entry kinds of a method: int parameters by value, `this` non-null,
  // other references unknown (main: the String[] of the TPDB convention).
  KindFrame entryKinds(const program::MethodInfo& m) {
    KindFrame f;
    const program::MethodCode& code = m.code();
    f.locals.assign(code.attribute.max_locals, Kind{});
    size_t slot = 0;
    if (!m.isStatic()) {
      Kind t{K::NonNull};
      t.cls = &m.owner();
      f.locals[slot++] = t;
    }
    auto mt = classfile::parseMethodDescriptor(m.descriptor());
    for (const auto& p : mt->params) {
      if (slot >= f.locals.size()) break;
      if (detail::intLike(p.kind()))
        f.locals[slot] = Kind{K::Int};
      else if (p.isReference())
        f.locals[slot] = Kind{&m == main_entry_ ? K::Args : K::Maybe};
      slot += static_cast<size_t>(p.slots());
    }
    return f;
  }

  // The closed world for virtual calls (see StepContext::app_classes). If
  // any class is missing from it, no virtual call counts as unique.
  void loadApplicationClasses() {
    size_t names = 0;
    for (classpath::ClassSource* src : program_.classPath().sources(classpath::Origin::Application))
      for (const std::string& name : src->classNames()) {
        if (++names > options_.max_classes) {
          app_classes_.clear();
          out_.notes.push_back("too many application classes for the closed-world call analysis");
          return;
        }
        const program::ClassInfo* c = nullptr;
        try {
          c = program_.find(name);
        } catch (const InputError&) {
        }
        if (!c) {
          app_classes_.clear();
          out_.notes.push_back(fmt::format("class {} does not load: virtual calls are not resolved", name));
          return;
        }
        app_classes_.push_back(c);
      }
  }

  // Method convention: which parameter each entry argument is, and the
  // range of its type (byte, short, char, boolean, int) as entry facts.
  void describeParameters(const program::MethodInfo& m) {
    const Cut& cut = plans_.at(&m).cuts.at(0);
    auto mt = classfile::parseMethodDescriptor(m.descriptor());
    if (!mt) return;
    std::map<size_t, std::pair<size_t, char>> by_slot;  // slot -> (parameter, descriptor char)
    size_t slot = m.isStatic() ? 0 : 1;
    for (size_t k = 0; k < mt->params.size(); ++k) {
      by_slot[slot] = {k, mt->params[k].kind()};
      slot += static_cast<size_t>(mt->params[k].slots());
    }
    Var v = 0;
    for (const auto& [is_stack, x] : cut.slots) {
      auto it = by_slot.find(x);
      if (is_stack || it == by_slot.end()) {
        out_.param_of_arg.push_back(SIZE_MAX);
        ++v;
        continue;
      }
      out_.param_of_arg.push_back(it->second.first);
      auto [lo, hi] = detail::typeRange(it->second.second);
      out_.entry_constraint.push_back(ge(LinExpr::var(v), LinExpr::num(lo)));
      out_.entry_constraint.push_back(le(LinExpr::var(v), LinExpr::num(hi)));
      ++v;
    }
  }

  // Number of args elements read with a constant index (args[0]..args[K-1]).
  void countArgStrings(const program::MethodInfo& m) {
    const auto& bc = m.code().bytecode;
    for (size_t i = 1; i < bc.size(); ++i) {
      const auto& insn = bc.at(i);
      const auto& prev = bc.at(i - 1);
      if (insn.family() == bytecode::Family::ArrayLoad && insn.info().type == 'A' &&
          prev.family() == bytecode::Family::Constant && prev.info().type == 'I' && prev.operand >= 0 &&
          prev.operand < 16)
        arg_strings_ = std::max(arg_strings_, static_cast<size_t>(prev.operand) + 1);
    }
    if (detail::argsMayChange(bc)) arg_strings_ = 0;
  }

  size_t inputCount(const MethodPlan& p) const { return p.main ? 1 + arg_strings_ : 0; }

  // Plans a method (dataflow of kinds, cut points, predicates) and returns
  // its entry predicate.
  PredId plan(const program::MethodInfo& m) {
    if (auto it = plans_.find(&m); it != plans_.end()) return it->second.cuts.at(0).pred;
    MethodPlan& p = plans_[&m];
    p.method = &m;
    p.main = &m == main_entry_;
    auto mt = classfile::parseMethodDescriptor(m.descriptor());
    p.has_return = mt && mt->result && detail::intLike(mt->result->kind());
    const program::MethodCode& code = m.code();
    p.in.assign(code.bytecode.size(), std::nullopt);
    std::set<uint32_t> cut_at{0};
    for (size_t i = 0; i < code.bytecode.size(); ++i)
      if (code.loop_head[i]) cut_at.insert(static_cast<uint32_t>(i));
    // Kinds: a forward dataflow with the same step function as the paths.
    p.in[0] = entryKinds(m);
    std::deque<uint32_t> work{0};
    detail::Inputs inputs = inputsFor(p, 0);
    while (!work.empty()) {
      uint32_t i = work.front();
      work.pop_front();
      Sym s = symOf(*p.in[i]);
      Step st;
      detail::StepContext ctx{program_, m, code, inputs, arg_strings_, app_classes_, statics_.slotFunction()};
      ctx.for_termination = options_.for_termination;
      try {
        st = detail::step(ctx, i, s);
      } catch (const Unsupported&) {
        continue;  // code the translation cannot follow (unverified stack shapes): no successors
      } catch (const InputError&) {
        continue;
      } catch (const Overflow&) {
        continue;  // the paths meet it too (a gap for termination)
      }
      auto flow = [&](uint32_t t, const Sym& after) {
        KindFrame k = kindsOf(after);
        if (!p.in[t]) {
          p.in[t] = k;
          work.push_back(t);
          return;
        }
        KindFrame j = *p.in[t];
        if (j.stack.size() != k.stack.size()) return;  // cannot happen in verified code
        for (size_t x = 0; x < j.locals.size(); ++x) j.locals[x] = detail::join(j.locals[x], k.locals[x]);
        for (size_t x = 0; x < j.stack.size(); ++x) j.stack[x] = detail::join(j.stack[x], k.stack[x]);
        if (!(j == *p.in[t])) {
          p.in[t] = j;
          work.push_back(t);
        }
      };
      switch (st.type) {
        case Step::Type::Next: flow(i + 1, s); break;
        case Step::Type::Jump: flow(st.target, s); break;
        case Step::Type::Branches:
          for (const auto& a : st.alts) flow(a.target, s);
          break;
        case Step::Type::Call:
          cut_at.insert(i + 1);
          flow(i + 1, s);
          break;
        default: break;
      }
    }
    for (uint32_t c : cut_at) {
      if (c >= p.in.size() || !p.in[c]) continue;
      Cut cut;
      cut.kinds = *p.in[c];
      Predicate pred;
      pred.method = &m;
      pred.pc = code.bytecode.at(c).offset;
      pred.kind = c == 0 ? Predicate::Kind::Entry
                  : code.loop_head[c] ? Predicate::Kind::LoopHead
                                      : Predicate::Kind::Continuation;
      pred.name = c == 0 ? fmt::format("{}@entry", m.qualifiedName()) : fmt::format("{}@{}", m.qualifiedName(), pred.pc);
      for (size_t x = 0; x < cut.kinds.locals.size(); ++x)
        if (cut.kinds.locals[x].k == K::Int) {
          cut.slots.push_back({false, x});
          pred.args.push_back(localName(m, x, pred.pc));
        }
      for (size_t x = 0; x < cut.kinds.stack.size(); ++x)
        if (cut.kinds.stack[x].k == K::Int) {
          cut.slots.push_back({true, x});
          pred.args.push_back(fmt::format("s{}", x));
        }
      if (p.main) {
        pred.args.push_back("len(args)");
        for (size_t k = 0; k < arg_strings_; ++k) pred.args.push_back(fmt::format("len(args[{}])", k));
      }
      // Tracked static fields: their values here, the result, and their
      // values when the method returns.
      for (const auto& st : statics_.fields()) pred.args.push_back(st.label);
      if (p.has_return) {
        pred.args.push_back("ret");
        pred.has_return = true;
      }
      for (const auto& st : statics_.fields()) pred.args.push_back("out(" + st.label + ")");
      cut.pred = static_cast<PredId>(out_.preds.size());
      if (c == 0 && p.main) input_base_ = static_cast<Var>(cut.slots.size());
      if (c == 0 && plans_.size() == 1) entry_statics_base_ = static_cast<Var>(cut.slots.size() + inputCount(p));
      out_.preds.push_back(std::move(pred));
      p.cuts.emplace(c, std::move(cut));
    }
    work_.push_back(&m);
    if (plans_.size() > options_.max_methods) out_.notes.push_back("too many methods; the rest is not translated");
    return p.cuts.at(0).pred;
  }

  static std::string localName(const program::MethodInfo& m, size_t slot, uint32_t pc) {
    const auto& attr = m.code().attribute;
    for (const auto& lv : attr.locals)
      if (lv.index == slot && pc >= lv.start_pc && pc <= lv.start_pc + lv.length) return std::string(lv.name);
    return fmt::format("l{}", slot);
  }

  // A symbolic frame for kinds: an int is its constant if the kinds know
  // one, otherwise a variable of its own (distinct unknowns must not cancel
  // out, e.g. in `a - b`).
  static Sym symOf(const KindFrame& f) {
    Sym s;
    auto val = [&](const Kind& k) {
      if (k.k != K::Int) return Val{k, {}};
      LinExpr e = k.has_value ? LinExpr::num(k.value) : LinExpr::var(s.fresh());
      return detail::intVal(std::move(e));
    };
    for (const Kind& k : f.locals) s.locals.push_back(val(k));
    for (const Kind& k : f.stack) s.stack.push_back(val(k));
    return s;
  }

  static KindFrame kindsOf(const Sym& s) {
    KindFrame f;
    auto kind = [](const Val& v) {
      Kind k = v.kind;
      if (k.k == K::Int && v.expr.isConstant()) {
        k.has_value = true;
        k.value = v.expr.constant;
      }
      return k;
    };
    for (const Val& v : s.locals) f.locals.push_back(kind(v));
    for (const Val& v : s.stack) f.stack.push_back(kind(v));
    return f;
  }

  detail::Inputs inputsFor(const MethodPlan& p, Var base) const {
    detail::Inputs in;
    in.main = p.main;
    for (size_t k = 0; k < inputCount(p); ++k) in.values.push_back(LinExpr::var(base + static_cast<Var>(k)));
    return in;
  }

  struct Path {
    Sym sym;
    uint32_t index;
    std::vector<LinCon> cons;
    bool exact = true;
    std::string reason;
    size_t steps = 0;
  };

  void translatePlanned() {
    while (!work_.empty()) {
      const program::MethodInfo* m = work_.front();
      work_.pop_front();
      translateMethod(plans_.at(m));
    }
  }

  // for_termination: a class initializer may run at any time, once: each
  // one the translated code may trigger becomes a start of its own
  // (ClpProgram::initializers), translated with what it calls, until no
  // new one appears. May trigger: the entry's class, and every class a
  // translated method names in new, a static field access or a static call,
  // with the classes JVMS §5.5 initializes before them (a superset of what
  // a run initializes, which only loses precision). Library classes'
  // initializers are assumed to terminate.
  void planInitializers(const program::MethodInfo& entry, PredId entry_pred) {
    std::set<const program::ClassInfo*> seen;
    std::set<const program::MethodInfo*> scanned;
    auto trigger = [&](const program::ClassInfo* c) {
      for (const program::ClassInfo* k : program_.initializationOrder(*c)) {
        if (!seen.insert(k).second || k->origin() != classpath::Origin::Application) continue;
        if (const program::MethodInfo* init = k->classInitializer(); init && init->hasCode())
          out_.initializers.push_back(plan(*init));
      }
    };
    trigger(&entry.owner());
    for (bool more = true; more;) {
      more = false;
      std::vector<const program::MethodInfo*> methods;
      for (const auto& [m, plan] : plans_)
        if (scanned.insert(m).second) methods.push_back(m);
      for (const program::MethodInfo* m : methods) {
        for (const std::string& named : detail::classesNamed(*m)) {
          // "C" or, for a static field, "C.name:descriptor".
          size_t dot = named.find('.');
          std::string name = named.substr(0, dot);
          const program::ClassInfo* c = nullptr;
          try {
            c = program_.find(name);
          } catch (const InputError&) {
          }
          if (!c) {
            gapClause(entry_pred, fmt::format("class {} cannot be loaded: its initializer is not known", name));
            continue;
          }
          trigger(c);
          if (dot == std::string::npos) continue;
          size_t colon = named.find(':', dot);
          std::optional<program::ResolvedField> f;
          try {
            f = program_.resolveField(*c, named.substr(dot + 1, colon - dot - 1), named.substr(colon + 1));
          } catch (const InputError&) {
          }
          if (f)
            trigger(f->owner);
          else
            gapClause(entry_pred, fmt::format("static field {} cannot be resolved", named));
        }
        more = true;
      }
      translatePlanned();
    }
  }

  // A gap clause (TranslateOptions::for_termination): from `pred`, anything.
  void gapClause(PredId pred, std::string why) {
    if (!options_.for_termination || !gaps_.insert({pred, why}).second) return;
    Clause c;
    c.head.pred = pred;
    for (Var v = 0; v < out_.preds[pred].arity(); ++v) c.head.args.push_back(v);
    c.num_vars = static_cast<uint32_t>(out_.preds[pred].arity());
    c.exact = false;
    c.inexact_reason = why;
    c.gap = std::move(why);
    out_.clauses.push_back(std::move(c));
  }

  // Gap G10 (docs/design/termination.md §5): the path so far and the int
  // result e above INT_MAX or below INT_MIN, after which the JVM run goes
  // on with a wrapped value. Over-approximated by clauses to every cut the
  // run can reach next with all its values unknown; a gap when a call may
  // come first (its callee is not known here).
  void overflowClauses(const MethodPlan& p, const Cut& cut, const Path& path, size_t head_arity, const LinExpr& e,
                       const std::string& where) {
    const std::string why = fmt::format("{}: the int result may overflow", where);
    auto clause = [&](std::vector<LinCon> cons, uint32_t num_vars) {
      Clause c;
      c.head.pred = cut.pred;
      for (Var v = 0; v < head_arity; ++v) c.head.args.push_back(v);
      c.constraint = std::move(cons);
      c.num_vars = num_vars;
      c.exact = false;
      c.inexact_reason = why;
      c.overflow = true;
      c.from_pc = c.to_pc = p.method->code().bytecode.at(path.index).offset;
      return c;
    };
    std::set<uint32_t> next;
    const bool wraps = nextCuts(p, path.index, next);
    auto gap = [&](std::vector<LinCon> cons, uint32_t num_vars) {
      Clause c = clause(std::move(cons), num_vars);
      c.gap = why;
      return c;
    };
    for (int side = 0; side < 2; ++side) {
      LinCon outside;
      try {
        outside = side == 0 ? ge(e, LinExpr::num(int64_t{1} << 31)) : le(e, LinExpr::num(-(int64_t{1} << 31) - 1));
      } catch (const Overflow&) {  // coefficients past 64 bits: the gap without the path's guard
        out_.clauses.push_back(gap({}, static_cast<uint32_t>(head_arity)));
        return;
      }
      if (outside.truth() == 0) continue;
      std::vector<LinCon> cons = path.cons;
      cons.push_back(outside);
      std::vector<Clause> out;
      if (!wraps) out.push_back(gap(cons, path.sym.next_var));
      for (uint32_t to : wraps ? next : std::set<uint32_t>{}) {
        Clause c = clause(cons, path.sym.next_var);
        Atom havoc{p.cuts.at(to).pred, {}};
        for (size_t k = 0; k < out_.preds[havoc.pred].arity(); ++k) havoc.args.push_back(c.num_vars++);
        c.body.push_back(std::move(havoc));
        out.push_back(std::move(c));
      }
      for (Clause& c : out) {
        switch (normalizeChecked(c)) {
          case Normalized::Ok: out_.clauses.push_back(std::move(c)); break;
          case Normalized::Infeasible: break;
          case Normalized::Overflow:
            out_.clauses.push_back(gap({}, static_cast<uint32_t>(head_arity)));
            return;
        }
      }
    }
  }

  // The cuts a run can reach from instruction `from` before any other
  // cut, along every normal successor whatever the values (exceptional
  // successors: a method with handlers has a gap at its entry); false if
  // it can meet a call or a subroutine first, or code the kinds dataflow
  // did not reach (a loop head there has no cut: the walk would pass it).
  static bool nextCuts(const MethodPlan& p, uint32_t from, std::set<uint32_t>& cuts) {
    const program::MethodCode& code = p.method->code();
    std::vector<char> seen(code.bytecode.size(), 0);
    std::vector<uint32_t> work;
    auto successors = [&](uint32_t i) {
      const bytecode::BasicBlock& b = code.cfg.block(code.cfg.blockOfInstruction(i));
      if (i < b.last) work.push_back(i + 1);
      else
        for (uint32_t s : b.successors) work.push_back(code.cfg.block(s).first);
    };
    successors(from);
    while (!work.empty()) {
      uint32_t i = work.back();
      work.pop_back();
      if (seen[i]) continue;
      seen[i] = 1;
      if (p.cuts.count(i)) {
        cuts.insert(i);
        continue;
      }
      if (!p.in[i] || code.loop_head[i]) return false;
      auto family = code.bytecode.at(i).family();
      if (family == bytecode::Family::Invoke || family == bytecode::Family::Subroutine) return false;
      successors(i);
    }
    return true;
  }

  void translateMethod(MethodPlan& p) {
    const program::MethodInfo& m = *p.method;
    const program::MethodCode& code = m.code();
    // An exception may be caught and the run go on at the handler, which
    // the paths do not follow (they end at every exception).
    if (!code.attribute.handlers.empty())
      gapClause(p.cuts.at(0).pred, fmt::format("{}: exception handlers are not translated", m.qualifiedName()));
    for (auto& [start, cut] : p.cuts) {
      // Head variables: the cut's int slots, the inputs, the result.
      Sym s = symOf(cut.kinds);
      Var v = 0;
      for (const auto& [is_stack, x] : cut.slots) (is_stack ? s.stack[x] : s.locals[x]).expr = LinExpr::var(v++);
      Var input_base = v;
      v += static_cast<Var>(inputCount(p));
      for (size_t k = 0; k < statics_.size(); ++k) s.statics.push_back(detail::intVal(LinExpr::var(v++)));
      Var ret = v;
      if (p.has_return) ++v;
      const Var out_base = v;
      v += static_cast<Var>(statics_.size());
      s.next_var = v;
      detail::Inputs inputs = inputsFor(p, input_base);
      size_t head_arity = v;
      std::vector<Path> work{Path{s, start, {}, true, "", 0}};
      size_t paths = 0;
      while (!work.empty()) {
        Path path = std::move(work.back());
        work.pop_back();
        if (path.steps > 0 && p.cuts.count(path.index)) {
          emit(p, cut, start, path, head_arity,
               {bodyAtom(p.cuts.at(path.index), path, inputs, ret, p.has_return, out_base)}, false, 0);
          continue;
        }
        if (++path.steps > 20000 || path.index >= code.bytecode.size()) {
          gapClause(cut.pred, fmt::format("{}: a path from offset {} is too long to translate", m.qualifiedName(),
                                          code.bytecode.at(start).offset));
          continue;
        }
        Step st;
        detail::StepContext ctx{program_, m, code, inputs, arg_strings_, app_classes_, statics_.slotFunction()};
        ctx.for_termination = options_.for_termination;
        auto where = [&] { return fmt::format("{} offset {}", m.qualifiedName(), code.bytecode.at(path.index).offset); };
        try {
          st = detail::step(ctx, path.index, path.sym);
        } catch (const Unsupported& e) {
          out_.notes.push_back(fmt::format("{}: {}", where(), e.what()));
          gapClause(cut.pred, fmt::format("{}: {}", where(), e.what()));
          continue;
        } catch (const InputError& e) {
          out_.notes.push_back(fmt::format("{}: {}", where(), e.what()));
          gapClause(cut.pred, fmt::format("{}: {}", where(), e.what()));
          continue;
        } catch (const Overflow& e) {
          out_.notes.push_back(fmt::format("{}: {}", where(), e.what()));
          gapClause(cut.pred, fmt::format("{}: {}", where(), e.what()));
          continue;
        }
        if (st.gap) gapClause(cut.pred, fmt::format("{}: {}", where(), st.reason));
        if (!st.exact && path.exact) {
          path.exact = false;
          path.reason = fmt::format("{} (offset {})", st.reason, code.bytecode.at(path.index).offset);
        }
        for (auto& c : st.cons) path.cons.push_back(std::move(c));
        if (options_.for_termination && options_.int_overflow)
          for (const LinExpr& e : st.int_results) overflowClauses(p, cut, path, head_arity, e, where());
        switch (st.type) {
          case Step::Type::Next:
            ++path.index;
            work.push_back(std::move(path));
            break;
          case Step::Type::Jump:
            path.index = st.target;
            work.push_back(std::move(path));
            break;
          case Step::Type::Branches:
            for (auto& alt : st.alts) {
              Path q = path;
              q.index = alt.target;
              bool feasible = true;
              for (auto& c : alt.cons) {
                if (c.truth() == 0) feasible = false;
                q.cons.push_back(std::move(c));
              }
              if (!feasible) continue;
              if (++paths > options_.max_paths_per_cut) {
                out_.notes.push_back(fmt::format("{}: more than {} paths from offset {}; the rest is not translated",
                                                 m.qualifiedName(), options_.max_paths_per_cut,
                                                 code.bytecode.at(start).offset));
                gapClause(cut.pred, out_.notes.back());
                work.clear();
                break;
              }
              work.push_back(std::move(q));
            }
            break;
          case Step::Type::Return: {
            if (p.has_return && st.result) path.cons.push_back(eq(LinExpr::var(ret), *st.result));
            for (size_t k = 0; k < statics_.size(); ++k) {
              const Val& now = path.sym.statics[k];
              if (now.kind.k == K::Int)
                path.cons.push_back(eq(LinExpr::var(out_base + static_cast<Var>(k)), now.expr));
              else
                markInexact(path, "a static field holds an unknown value at a return");
            }
            emit(p, cut, start, path, head_arity, {}, false, 0);
            break;
          }
          case Step::Type::Call: {
            PredId callee = plan(*st.callee);
            const Predicate& cp = out_.preds[callee];
            Atom call{callee, {}};
            for (const LinExpr& a : st.call_args) {
              Var x = path.sym.fresh();
              path.cons.push_back(eq(LinExpr::var(x), a));
              call.args.push_back(x);
            }
            passStatics(call, path);  // the statics at the call
            if (call.args.size() + (cp.has_return ? 1 : 0) + statics_.size() != cp.arity()) {
              out_.notes.push_back(fmt::format("{}: call arity mismatch", m.qualifiedName()));
              gapClause(cut.pred, fmt::format("{}: a call that is not translated", where()));
              break;
            }
            if (cp.has_return) {
              // The callee's result is the value the call pushed.
              Var r = path.sym.fresh();
              const Val& top = path.sym.stack.back();
              path.cons.push_back(eq(LinExpr::var(r), top.expr));
              call.args.push_back(r);
            }
            // ... and when the callee returns: unchanged unless the callee,
            // or something it may run, writes the field.
            const std::vector<bool>& written = statics_.writtenBy(*st.callee);
            for (size_t k = 0; k < statics_.size(); ++k) {
              Var after = path.sym.fresh();
              call.args.push_back(after);
              const Val& before = path.sym.statics[k];
              if (!written[k] && before.kind.k == K::Int) path.cons.push_back(eq(LinExpr::var(after), before.expr));
              path.sym.statics[k] = detail::intVal(LinExpr::var(after));
            }
            uint32_t cont = path.index + 1;
            if (!p.cuts.count(cont)) {  // unreachable continuation: the call itself is not translated
              gapClause(cut.pred, fmt::format("{}: a call without a continuation", where()));
              break;
            }
            Atom k = bodyAtom(p.cuts.at(cont), path, inputs, ret, p.has_return, out_base);
            emit(p, cut, start, path, head_arity, {call, k}, true, code.bytecode.at(path.index).offset);
            break;
          }
          case Step::Type::End:
            if (!st.exact) {
              // An unsupported step ends the path; keep a trace for --print.
              out_.notes.push_back(fmt::format("{}: {}", where(), st.reason));
              gapClause(cut.pred, fmt::format("{}: {}", where(), st.reason));
            }
            break;
        }
      }
    }
  }

  // The atom for reaching cut `to` with the current values (fresh body
  // variables, defined by equalities).
  static void markInexact(Path& path, const std::string& why) {
    if (!path.exact) return;
    path.exact = false;
    path.reason = why;
  }

  // The current values of the tracked statics as arguments of `a`.
  void passStatics(Atom& a, Path& path) {
    for (const Val& now : path.sym.statics) {
      Var y = path.sym.fresh();
      if (now.kind.k == K::Int)
        path.cons.push_back(eq(LinExpr::var(y), now.expr));
      else
        markInexact(path, "a static field holds an unknown value at a cut point");
      a.args.push_back(y);
    }
  }

  Atom bodyAtom(const Cut& to, Path& path, const detail::Inputs& inputs, Var ret, bool has_return, Var out_base) {
    Atom a{to.pred, {}};
    for (const auto& [is_stack, x] : to.slots) {
      const std::vector<Val>& vec = is_stack ? path.sym.stack : path.sym.locals;
      Var y = path.sym.fresh();
      if (x < vec.size() && vec[x].kind.k == K::Int) {
        path.cons.push_back(eq(LinExpr::var(y), vec[x].expr));
      } else if (path.exact) {
        path.exact = false;
        path.reason = "value of unknown kind at a cut point";
      }
      a.args.push_back(y);
    }
    for (const LinExpr& in : inputs.values) {
      Var y = path.sym.fresh();
      path.cons.push_back(eq(LinExpr::var(y), in));
      a.args.push_back(y);
    }
    passStatics(a, path);
    if (has_return) {
      Var y = path.sym.fresh();
      path.cons.push_back(eq(LinExpr::var(y), LinExpr::var(ret)));
      a.args.push_back(y);
    }
    for (size_t k = 0; k < statics_.size(); ++k) {  // the values at the return are the head's
      Var y = path.sym.fresh();
      path.cons.push_back(eq(LinExpr::var(y), LinExpr::var(out_base + static_cast<Var>(k))));
      a.args.push_back(y);
    }
    return a;
  }

  void emit(const MethodPlan& p, const Cut& cut, uint32_t start, Path& path, size_t head_arity,
            std::vector<Atom> body, bool call, uint32_t call_pc) {
    Clause c;
    c.head.pred = cut.pred;
    for (Var v = 0; v < head_arity; ++v) c.head.args.push_back(v);
    c.constraint = std::move(path.cons);
    c.body = std::move(body);
    c.num_vars = path.sym.next_var;
    c.exact = path.exact;
    c.inexact_reason = path.reason;
    const auto& bc = p.method->code().bytecode;
    c.from_pc = bc.at(start).offset;
    c.to_pc = bc.at(std::min<size_t>(path.index, bc.size() - 1)).offset;
    c.call = call;
    c.call_pc = call_pc;
    switch (normalizeChecked(c)) {
      case Normalized::Ok: out_.clauses.push_back(std::move(c)); break;
      case Normalized::Infeasible: break;  // no run takes this path
      case Normalized::Overflow:
        gapClause(cut.pred, fmt::format("{}: a coefficient leaves 64 bits", p.method->qualifiedName()));
        break;
    }
  }

  program::Program& program_;
  TranslateOptions options_;
  ClpProgram out_;
  const program::MethodInfo* main_entry_ = nullptr;
  const program::ClassInfo* initialized_main_ = nullptr;
  size_t arg_strings_ = 0;
  Var input_base_ = 0;
  Var entry_statics_base_ = 0;
  std::map<const program::MethodInfo*, MethodPlan> plans_;
  std::deque<const program::MethodInfo*> work_;
  std::vector<const program::ClassInfo*> app_classes_;
  detail::StaticFields statics_{program_, app_classes_, options_.max_statics};
  std::set<std::pair<PredId, std::string>> gaps_;
};

}  // namespace

ClpProgram translate(program::Program& program, const program::MethodInfo& entry, bool main_convention,
                     const TranslateOptions& options) {
  return Translator(program, options).run(entry, main_convention);
}

}  // namespace jhalt::clp
