#include "jhalt/its/proof.h"

namespace jhalt::its {
namespace {

bool add(int64_t a, int64_t b, int64_t& out) { return !__builtin_add_overflow(a, b, &out); }
bool sub(int64_t a, int64_t b, int64_t& out) { return !__builtin_sub_overflow(a, b, &out); }

}  // namespace

// Phase i's claim on a strict transition  g_i(pre) - g_i'(post) +
// g_{i-1}(pre) >= 1  as  -(a_i + a_{i-1})·x + a_i'·x' <= c_i - c_i' +
// c_{i-1} - 1; on another one  g_i(pre) - g_i'(post) >= 0; and the bound
// f(pre) >= 0  as  -a·x <= c.
std::optional<LinearClaim> roundClaim(const Its& its, const Round& r, TransId t, size_t phase, bool strict, bool bound) {
  const Transition& tr = its.trans.at(t);
  const size_t d = r.phases.size();
  if (phase > d || (bound && phase != d)) return std::nullopt;
  auto fn = [&](size_t i, LocId l) -> const LinearFn* {
    const auto& m = i == d ? r.f : r.phases[i];
    auto it = m.find(l);
    return it == m.end() ? nullptr : &it->second;
  };
  const LinearFn* from = fn(phase, tr.from);
  const LinearFn* to = fn(phase, tr.to);
  const LinearFn* before = phase > 0 && strict ? fn(phase - 1, tr.from) : nullptr;
  const size_t pre = its.locs[tr.from].arity(), post = its.locs[tr.to].arity();
  if (!from || !to || (phase > 0 && strict && !before)) return std::nullopt;
  if (from->coef.size() != pre || to->coef.size() != post || (before && before->coef.size() != pre)) return std::nullopt;
  LinearClaim c;
  c.w.assign(tr.num_vars, 0);
  if (pre + post > tr.num_vars) return std::nullopt;
  bool ok = true;
  for (size_t j = 0; j < pre; ++j) {
    int64_t a = from->coef[j];
    if (!bound && before) ok = ok && add(a, before->coef[j], a);
    ok = ok && sub(0, a, c.w[j]);
  }
  if (bound) {
    c.beta = from->constant;
    return ok ? std::optional(c) : std::nullopt;
  }
  for (size_t j = 0; j < post; ++j) c.w[pre + j] = to->coef[j];
  ok = ok && sub(from->constant, to->constant, c.beta);
  if (before) ok = ok && add(c.beta, before->constant, c.beta);
  if (strict) ok = ok && sub(c.beta, 1, c.beta);
  return ok ? std::optional(c) : std::nullopt;
}

}  // namespace jhalt::its
