// Demands: what must be known after a state for the relevant outcomes
// (thesis 002, §4.3.1: "Tracked Data" and "Inputs"). The thesis follows
// references through a list of inputs; since every graph state names its
// operand-stack slots and locals, jhalt tracks positions instead (a stack
// slot is overwritten exactly like a local, which gives Example 4.5's
// answer without the list), and heap objects by reference (references are
// single-assignment within a graph, so an object keeps its reference across
// evaluation edges; refinement and instance edges map them).
#pragma once

#include <cstdint>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::irrelevant::detail {

using Key = uint64_t;
enum class Kind : uint8_t { Local = 1, Stack = 2, Static = 3, Object = 4, Exception = 5, Result = 6, AllObjects = 7 };

// `frame` counts from the bottom of the call stack (frames keep their
// number while callees come and go).
inline Key key(Kind k, uint32_t frame, uint32_t index) {
  return (static_cast<Key>(k) << 56) | (static_cast<Key>(frame & 0xFFFFFF) << 32) | index;
}
inline Kind kindOf(Key k) { return static_cast<Kind>(k >> 56); }
inline uint32_t frameOf(Key k) { return static_cast<uint32_t>(k >> 32) & 0xFFFFFF; }
inline uint32_t indexOf(Key k) { return static_cast<uint32_t>(k); }
inline Key local(uint32_t frame, uint32_t slot) { return key(Kind::Local, frame, slot); }
inline Key stack(uint32_t frame, uint32_t slot) { return key(Kind::Stack, frame, slot); }
inline Key staticField(uint32_t field) { return key(Kind::Static, 0, field); }
inline Key object(state::Ref r) { return key(Kind::Object, 0, r); }
inline Key exception() { return key(Kind::Exception, 0, 0); }
inline Key result() { return key(Kind::Result, 0, 0); }
inline Key allObjects() { return key(Kind::AllObjects, 0, 0); }

// A sorted set of keys.
class Demands {
 public:
  bool has(Key k) const;
  void add(Key k);
  void erase(Key k);
  // Adds every key of `o`; true if something was new.
  bool merge(const Demands& o);
  const std::vector<Key>& keys() const { return keys_; }
  bool empty() const { return keys_.empty(); }
  bool operator==(const Demands&) const = default;
  // Demanded objects of `s` (refs of the state).
  std::vector<state::Ref> objects() const;

 private:
  std::vector<Key> keys_;
};

// Frame number (from the bottom) of frames[k] of `s`.
inline uint32_t frameNumber(const state::State& s, size_t k) { return static_cast<uint32_t>(s.frames.size() - 1 - k); }

// Objects of `s` that may be reached from `roots`: their shown fields and
// elements, and every object a heap predicate (`=?`, `%$`) relates to one
// of them (thesis 002, Def. 1.3: sharing only where a predicate says so).
std::vector<state::Ref> reach(const state::State& s, const std::vector<state::Ref>& roots);

}  // namespace jhalt::irrelevant::detail
