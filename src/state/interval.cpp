#include "jhalt/state/interval.h"

#include <algorithm>

#include <fmt/format.h>

namespace jhalt::state {
namespace {

// Extended integers: -∞, a finite value (128-bit, so products of two int64
// bounds are exact), or +∞.
__extension__ typedef __int128 Int128;

struct Ext {
  int inf = 0;  // -1, 0, +1
  Int128 v = 0;
};

Ext lower(int64_t b) { return b == Interval::kMinusInf ? Ext{-1, 0} : Ext{0, b}; }
Ext upper(int64_t b) { return b == Interval::kPlusInf ? Ext{1, 0} : Ext{0, b}; }

int sign(const Ext& e) { return e.inf != 0 ? e.inf : (e.v > 0) - (e.v < 0); }

bool less(const Ext& a, const Ext& b) {
  if (a.inf != b.inf) return a.inf < b.inf;
  return a.inf == 0 && a.v < b.v;
}

Ext plus(const Ext& a, const Ext& b) {
  if (a.inf != 0) return a;  // callers never add opposite infinities
  if (b.inf != 0) return b;
  return {0, a.v + b.v};
}

Ext times(const Ext& a, const Ext& b) {
  int s = sign(a) * sign(b);
  if (s == 0) return {0, 0};
  if (a.inf != 0 || b.inf != 0) return {s, 0};
  return {0, a.v * b.v};
}

// Back to an int64 bound; values outside the int64 range become infinite,
// which keeps the interval sound (larger).
int64_t toLo(const Ext& e) {
  if (e.inf < 0 || (e.inf == 0 && e.v <= Interval::kMinusInf)) return Interval::kMinusInf;
  if (e.inf > 0 || e.v >= Interval::kPlusInf) return Interval::kPlusInf - 1;
  return static_cast<int64_t>(e.v);
}
int64_t toHi(const Ext& e) {
  if (e.inf > 0 || (e.inf == 0 && e.v >= Interval::kPlusInf)) return Interval::kPlusInf;
  if (e.inf < 0 || e.v <= Interval::kMinusInf) return Interval::kMinusInf + 1;
  return static_cast<int64_t>(e.v);
}

Interval fromCorners(std::initializer_list<Ext> corners) {
  Ext mn = *corners.begin(), mx = *corners.begin();
  for (const Ext& c : corners) {
    if (less(c, mn)) mn = c;
    if (less(mx, c)) mx = c;
  }
  return {toLo(mn), toHi(mx)};
}

}  // namespace

Interval Interval::ofType(char prim) {
  switch (prim) {
    case 'Z': return range(0, 1);
    case 'B': return range(-128, 127);
    case 'C': return range(0, 65535);
    case 'S': return range(-32768, 32767);
    case 'I': return range(-2147483648LL, 2147483647LL);
    default: return all();  // J: treated as unbounded
  }
}

Interval Interval::hull(const Interval& o) const { return {std::min(lo, o.lo), std::max(hi, o.hi)}; }

std::optional<Interval> Interval::meet(const Interval& o) const {
  Interval r{std::max(lo, o.lo), std::min(hi, o.hi)};
  if (r.lo > r.hi) return std::nullopt;
  return r;
}

Interval Interval::widen(const Interval& next) const {
  return {next.lo < lo ? kMinusInf : lo, next.hi > hi ? kPlusInf : hi};
}

Interval Interval::add(const Interval& o) const {
  return {toLo(plus(lower(lo), lower(o.lo))), toHi(plus(upper(hi), upper(o.hi)))};
}

Interval Interval::neg() const {
  Ext a = upper(hi), b = lower(lo);
  return {toLo(times(a, Ext{0, -1})), toHi(times(b, Ext{0, -1}))};
}

Interval Interval::sub(const Interval& o) const { return add(o.neg()); }

Interval Interval::mul(const Interval& o) const {
  Ext a = lower(lo), b = upper(hi), c = lower(o.lo), d = upper(o.hi);
  return fromCorners({times(a, c), times(a, d), times(b, c), times(b, d)});
}

Interval Interval::div(const Interval& o) const {
  // The divisor does not contain 0, so it has one sign and the quotient is
  // monotone in each argument: the extremes are at the corners. a/±∞ is 0.
  auto quot = [](const Ext& a, const Ext& b) -> Ext {
    if (b.inf != 0) return {0, 0};
    if (a.inf != 0) return {a.inf * (b.v > 0 ? 1 : -1), 0};
    return {0, a.v / b.v};  // C++ truncates toward zero, as Java does
  };
  Ext a = lower(lo), b = upper(hi), c = lower(o.lo), d = upper(o.hi);
  return fromCorners({quot(a, c), quot(a, d), quot(b, c), quot(b, d)});
}

Interval Interval::rem(const Interval& o) const {
  if (isPoint() && o.isPoint()) return point(lo % o.lo);  // C++ % truncates like Java
  // JLS §15.17.3: |a % b| < |b|, the sign follows the dividend, and
  // |a % b| <= |a|.
  Ext maxdiv = less(upper(o.hi), times(lower(o.lo), Ext{0, -1})) ? times(lower(o.lo), Ext{0, -1}) : upper(o.hi);
  Ext m = maxdiv.inf != 0 ? maxdiv : Ext{0, maxdiv.v - 1};  // largest |remainder|
  Ext top = less(m, upper(hi)) ? m : upper(hi);
  Ext neg_lo = times(lower(lo), Ext{0, -1});
  Ext bottom = less(m, neg_lo) ? m : neg_lo;  // largest |negative remainder|
  int64_t rlo = lo >= 0 ? 0 : toLo(times(bottom, Ext{0, -1}));
  int64_t rhi = hi <= 0 ? 0 : toHi(top);
  return {rlo, rhi};
}

std::string Interval::str() const {
  if (isPoint()) return fmt::format("{}", lo);
  if (!finiteLo() && !finiteHi()) return "Z";
  if (!finiteHi()) return fmt::format("[>={}]", lo);
  if (!finiteLo()) return fmt::format("[<={}]", hi);
  return fmt::format("[{}, {}]", lo, hi);
}

}  // namespace jhalt::state
