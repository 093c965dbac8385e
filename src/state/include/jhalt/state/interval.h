// Integer intervals with infinite bounds (thesis 002, Def. 1.1: Integers).
// Values are mathematical integers (paper 000, §2.1: overflows are not
// modelled); bounds that leave the int64 range saturate to ±∞, which only
// makes an interval more abstract.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace jhalt::state {

struct Interval {
  static constexpr int64_t kMinusInf = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kPlusInf = std::numeric_limits<int64_t>::max();

  int64_t lo = kMinusInf;
  int64_t hi = kPlusInf;

  static Interval all() { return {}; }
  static Interval point(int64_t v) { return {v, v}; }
  static Interval range(int64_t a, int64_t b) { return {a, b}; }
  static Interval atLeast(int64_t v) { return {v, kPlusInf}; }
  static Interval atMost(int64_t v) { return {kMinusInf, v}; }
  // The range of a JVM integral type given as a descriptor character.
  static Interval ofType(char prim);

  bool isPoint() const { return lo == hi && lo != kMinusInf && hi != kPlusInf; }
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
  bool subsetOf(const Interval& o) const { return o.lo <= lo && hi <= o.hi; }
  bool operator==(const Interval&) const = default;
  bool finiteLo() const { return lo != kMinusInf; }
  bool finiteHi() const { return hi != kPlusInf; }

  Interval hull(const Interval& o) const;
  std::optional<Interval> meet(const Interval& o) const;
  // Standard widening: a bound of `next` that moved beyond this one goes to ∞.
  Interval widen(const Interval& next) const;

  // Exact interval arithmetic over mathematical integers.
  Interval add(const Interval& o) const;
  Interval sub(const Interval& o) const;
  Interval mul(const Interval& o) const;
  Interval neg() const;
  // Java division/remainder (truncating); the divisor must not contain 0.
  Interval div(const Interval& o) const;
  Interval rem(const Interval& o) const;

  std::string str() const;  // "[0, 5]", "[>=0]", "Z", "7"
};

}  // namespace jhalt::state
