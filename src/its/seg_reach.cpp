// Distances of definite-reachability predicates (state/reach.h) as ITS
// variables: the measure of loops that walk a cyclic list to a known
// object (docs/design/termination.md §9, "Cyclic data").
#include <fmt/format.h>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/program/program.h"

#include "jhalt/state/reach.h"
#include "seg_vars.h"

namespace jhalt::its::segvars {

using state::kNone;
using state::kNull;
using state::Reach;
using state::State;

namespace {

Ref shownField(const State& s, Ref r, state::FieldId f) {
  const state::HeapValue* v = r == kNull || r == kNone ? nullptr : s.find(r);
  return v && v->isObject() ? v->field(f) : kNone;
}

// The path from `from` needs at least one step: a cycle, or `to` surely
// another object while `from` surely is one.
bool needsStep(const State& s, const Reach& r) {
  return state::surelyObject(s, r.from) && (r.from == r.to || state::surelyDistinct(s, r.from, r.to));
}

}  // namespace

std::optional<LinExpr> distanceIn(const State& s, const NodeVars& nv, Ref from, Ref to, state::FieldId f, bool cycle) {
  if (from == kNull) return LinExpr::num(0);
  if (!cycle && from == to) return LinExpr::num(0);
  if (auto v = nv.dist(Reach{from, to, f})) return LinExpr::var(*v);
  int64_t k = 0;
  for (Ref c = from; k < 64;) {
    // A step from c: c is an object, and not the first `to` (except the
    // start of a cycle).
    if (!state::surelyObject(s, c) || !((cycle && c == from) || state::surelyDistinct(s, c, to))) return std::nullopt;
    Ref z = shownField(s, c, f);
    if (z == kNone) return std::nullopt;
    ++k;
    if (z == to) return LinExpr::num(k);
    if (z == kNull) return std::nullopt;
    if (auto v = nv.dist(Reach{z, to, f})) return LinExpr::var(*v) + LinExpr::num(k);
    c = z;
    if (c == from) return std::nullopt;  // round without `to`
  }
  return std::nullopt;
}

// A putfield of a reference field: the field and the object and value.
std::optional<FieldWrite> fieldWrite(const State& from) {
  if (from.exception != kNone || from.finished()) return FieldWrite{};  // handler search and ends write nothing
  const state::Frame& f = from.top();
  const program::MethodCode& code = f.method->code();
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(code.bytecode.indexAt(f.pc)));
  if (insn.family() != bytecode::Family::Field ||
      static_cast<bytecode::FieldOp>(insn.info().sub) != bytecode::FieldOp::PutField || f.stack.size() < 2)
    return FieldWrite{};  // no putfield: no name matches
  auto ref = f.method->owner().file().pool.memberRef(static_cast<uint16_t>(insn.operand));
  if (ref.descriptor.empty() || (ref.descriptor[0] != 'L' && ref.descriptor[0] != '[')) return FieldWrite{};
  return FieldWrite{std::string(ref.name), std::string(ref.descriptor), f.stack[f.stack.size() - 2],
                    f.stack[f.stack.size() - 1]};
}

void addDistances(const State& s, NodeVars& nv, const std::map<Ref, std::string>& names, state::TypeSystem& ts) {
  auto name = [&](Ref r) {
    auto it = names.find(r);
    if (r == kNull) return std::string("null");
    return it != names.end() ? it->second : fmt::format("r{}", r);
  };
  for (const Reach& r : s.preds.reaches) {
    nv.dists[r] = static_cast<Var>(nv.refs.size());
    nv.refs.push_back(kNone);
    nv.kinds.push_back(VarKind::Size);
    nv.names.push_back(fmt::format("dist.{}({},{})", ts.fieldInfo(r.field).name, name(r.from), name(r.to)));
  }
  for (const auto& [r, x] : nv.dists) {
    const LinExpr d = LinExpr::var(x);
    nv.facts.push_back(clp::ge(d, LinExpr::num(needsStep(s, r) ? 1 : 0)));
    if (!needsStep(s, r)) continue;
    // One step, then the rest from the shown successor.
    Ref z = shownField(s, r.from, r.field);
    if (z == kNone) continue;
    std::optional<LinExpr> rest =
        z == kNull || z == r.to ? std::optional<LinExpr>(LinExpr::num(0)) : distanceIn(s, nv, z, r.to, r.field, false);
    if (rest) nv.facts.push_back(clp::eq(d, *rest + LinExpr::num(1)));
  }
}

}  // namespace jhalt::its::segvars
