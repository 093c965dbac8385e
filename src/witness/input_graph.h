// The input part of a path (private to the witness module): what a path of
// the graph has learnt about the entry's arguments, as a graph of input
// nodes (paper 000, §3: the instantiated parts of the witness state s'0).
// Integers are SMT terms over the path's copies of the references; objects
// are nodes that refinements make null or existing, typed, with fields,
// lengths and array elements read; equality refinements unite two nodes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "jhalt/input/input.h"
#include "jhalt/smt/solver.h"
#include "jhalt/state/state.h"

namespace jhalt::witness::detail {

// One part of the input: an integer, an object node, or a value the path
// says nothing about (floats).
struct Slot {
  enum class Kind : uint8_t { None, Int, Node };
  Kind kind = Kind::None;
  smt::Term term;  // Int
  int node = -1;   // Node
};

struct Read {
  smt::Term index;
  Slot value;
};

struct InputNode {
  enum class Shape : uint8_t { Unknown, Null, Object };
  Shape shape = Shape::Unknown;
  bool must_exist = false;  // a receiver, an element of main's String[]
  state::AbstractType type;
  std::map<state::FieldId, Slot> fields;
  smt::Term length;         // arrays, once the path knows it
  std::vector<Read> reads;  // array elements read before any store
  bool written = false;     // an array store happened: later reads are not input
  int parent = -1;          // union-find (equality refinements)
};

class InputGraph {
 public:
  int add(InputNode n);
  int find(int n) const;
  InputNode& at(int n) { return nodes_[static_cast<size_t>(find(n))]; }
  const InputNode& at(int n) const { return nodes_[static_cast<size_t>(find(n))]; }
  // Makes two nodes one object; false if one of them is known to be null
  // and the other to exist.
  bool unite(int a, int b);
  // Sets the shape; false on a contradiction.
  bool setShape(int n, InputNode::Shape s);
  size_t size() const { return nodes_.size(); }

  std::vector<Slot> params;
  std::optional<Slot> receiver;
  int main_args = -1;              // the String[] of main under the TPDB convention
  std::vector<smt::Term> integers;  // every integer of the input

 private:
  std::vector<InputNode> nodes_;
};

// The witness the solver's model gives (the last check was satisfiable).
// Returns nullopt if some object has no concrete class to instantiate.
std::optional<input::Witness> instantiate(const InputGraph& in, smt::Solver& solver, state::TypeSystem& types,
                                          const std::vector<std::string>& param_descriptors, int64_t max_array);

// Constraints that keep a witness buildable and readable: array lengths in
// [0, max_length], indices read within their array, the characters of a
// string's value array printable (`small`) or 7-bit, and, when `small`,
// every other integer in a small range; plus the consistency of reads
// (equal indices of one array read equal values).
std::vector<smt::Term> shapeConstraints(const InputGraph& in, state::TypeSystem& types, int64_t max_length,
                                        bool small);

}  // namespace jhalt::witness::detail
