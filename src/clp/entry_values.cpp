#include "jhalt/clp/entry_values.h"

#include <algorithm>
#include <climits>

#include "jhalt/classfile/descriptor.h"

namespace jhalt::clp {
namespace {

// Linux limits one argument to 128 KiB and all of them to about 2 MiB.
constexpr int64_t kTotalArgChars = 1000000;

}  // namespace

const std::vector<WitnessTier>& witnessTiers() {
  static const std::vector<WitnessTier> kTiers = {{4, 8, 16}, {64, 1000, 100000}, {1000, 100000, INT64_MAX}};
  return kTiers;
}

std::vector<LinCon> boundsFor(const ClpProgram& p, uint32_t arity, const WitnessTier& t) {
  std::vector<LinCon> out;
  auto within = [&](Var v, int64_t lo, int64_t hi) {
    out.push_back(ge(LinExpr::var(v), LinExpr::num(lo)));
    out.push_back(le(LinExpr::var(v), LinExpr::num(hi)));
  };
  LinExpr total = LinExpr::num(0);
  for (Var v = 0; v < arity; ++v) {
    if (p.args_length == static_cast<int>(v)) {
      within(v, 0, t.strings);
    } else if (std::find(p.arg_string_lengths.begin(), p.arg_string_lengths.end(), static_cast<int>(v)) !=
               p.arg_string_lengths.end()) {
      within(v, 0, t.length);
      total = total + LinExpr::var(v);
    } else if (v < p.param_of_arg.size() && p.param_of_arg[v] != SIZE_MAX && t.magnitude != INT64_MAX) {
      within(v, -t.magnitude, t.magnitude);
    }
  }
  if (!total.isConstant()) out.push_back(le(total, LinExpr::num(kTotalArgChars)));
  return out;
}

std::optional<input::Witness> witnessFrom(const ClpProgram& p, const program::MethodInfo& entry,
                                          bool main_convention, const std::vector<int64_t>& x) {
  input::Witness w;
  if (main_convention) {
    w.main_args = true;
    int64_t n = p.args_length >= 0 ? x.at(static_cast<size_t>(p.args_length)) : 0;
    if (n < 0 || n > 100000) return std::nullopt;
    for (int64_t k = 0; k < n; ++k) {
      int64_t len = static_cast<size_t>(k) < p.arg_string_lengths.size()
                        ? x.at(static_cast<size_t>(p.arg_string_lengths[static_cast<size_t>(k)]))
                        : 0;
      if (len < 0 || len > 131072) return std::nullopt;
      w.args.emplace_back(static_cast<size_t>(len), 'a');
    }
    return w;
  }
  auto mt = classfile::parseMethodDescriptor(entry.descriptor());
  if (!mt) return std::nullopt;
  if (!entry.isStatic()) w.receiver = input::Value::object(std::string(entry.owner().name()));
  for (size_t k = 0; k < mt->params.size(); ++k) {
    char kind = mt->params[k].kind();
    if (mt->params[k].isReference()) {
      w.params.push_back(input::Value::null());
    } else if (kind == 'F' || kind == 'D') {
      w.params.push_back(input::Value::floating(0, kind));  // not translated: any value
    } else {
      int64_t v = 0;
      for (size_t a = 0; a < p.param_of_arg.size(); ++a)
        if (p.param_of_arg[a] == k) v = x.at(a);
      w.params.push_back(input::Value::integer(v, kind));
    }
  }
  return w;
}

}  // namespace jhalt::clp
