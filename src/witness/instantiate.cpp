// From a path's input graph and the solver's model to a concrete witness
// (paper 000, §3: "we instantiate the abstract array a1 by a concrete one";
// the heuristic that prefers small values is the constraints of
// shapeConstraints, tried first by the generator).
#include <set>

#include "input_graph.h"
#include "jhalt/program/targets.h"

namespace jhalt::witness::detail {

using input::Value;
using smt::Term;

int InputGraph::add(InputNode n) {
  nodes_.push_back(std::move(n));
  return static_cast<int>(nodes_.size()) - 1;
}

int InputGraph::find(int n) const {
  while (nodes_[static_cast<size_t>(n)].parent >= 0) n = nodes_[static_cast<size_t>(n)].parent;
  return n;
}

bool InputGraph::setShape(int n, InputNode::Shape s) {
  InputNode& x = at(n);
  if (x.shape == s || s == InputNode::Shape::Unknown) return true;
  if (x.shape != InputNode::Shape::Unknown) return false;
  if (s == InputNode::Shape::Null && x.must_exist) return false;
  x.shape = s;
  return true;
}

bool InputGraph::unite(int a, int b) {
  a = find(a);
  b = find(b);
  if (a == b) return true;
  InputNode& x = nodes_[static_cast<size_t>(a)];
  InputNode& y = nodes_[static_cast<size_t>(b)];
  if (!setShape(a, y.shape)) return false;
  x.must_exist = x.must_exist || y.must_exist;
  for (auto& [f, s] : y.fields) x.fields.emplace(f, s);
  if (!x.length.valid()) x.length = y.length;
  for (auto& r : y.reads) x.reads.push_back(r);
  x.written = x.written || y.written;
  y.parent = a;
  return true;
}

namespace {

bool isStringNode(const InputGraph& in, int n, state::TypeSystem& types) {
  const InputNode& x = in.at(n);
  return x.shape != InputNode::Shape::Null && !x.type.empty() &&
         types.someConcrete(x.type) == types.intern("java/lang/String");
}

// The node of a String's `value` array, or -1.
int stringValue(const InputGraph& in, int n, state::TypeSystem& types) {
  for (const auto& [f, s] : in.at(n).fields) {
    const state::FieldInfo& fi = types.fieldInfo(f);
    if (fi.owner == "java/lang/String" && fi.name == "value" && s.kind == Slot::Kind::Node) return in.find(s.node);
  }
  return -1;
}

}  // namespace

std::vector<Term> shapeConstraints(const InputGraph& in, state::TypeSystem& types, int64_t max_length, bool small) {
  std::vector<Term> out;
  std::set<int> chars;  // value arrays of strings
  for (size_t k = 0; k < in.size(); ++k) {
    int n = in.find(static_cast<int>(k));
    if (n == static_cast<int>(k) && isStringNode(in, n, types))
      if (int v = stringValue(in, n, types); v >= 0) chars.insert(v);
  }
  std::set<std::string> bounded;  // terms already bounded (by their text)
  for (size_t k = 0; k < in.size(); ++k) {
    if (in.find(static_cast<int>(k)) != static_cast<int>(k)) continue;
    const InputNode& x = in.at(static_cast<int>(k));
    if (x.length.valid()) {
      out.push_back(x.length >= 0);
      out.push_back(x.length <= (small ? std::min<int64_t>(max_length, 8) : max_length));
      bounded.insert(x.length.toString());
    }
    for (size_t i = 0; i < x.reads.size(); ++i) {
      const Read& r = x.reads[i];
      out.push_back(r.index >= 0);
      if (x.length.valid()) out.push_back(r.index < x.length);
      bounded.insert(r.index.toString());
      if (r.value.kind == Slot::Kind::Int && chars.count(static_cast<int>(k))) {
        out.push_back(r.value.term >= (small ? 32 : 1));
        out.push_back(r.value.term <= (small ? 126 : 127));
        bounded.insert(r.value.term.toString());
      }
      // Reads at equal indices see equal values (Ackermann's reduction of
      // the array's contents).
      for (size_t j = 0; j < i; ++j) {
        const Read& o = x.reads[j];
        if (r.value.kind == Slot::Kind::Int && o.value.kind == Slot::Kind::Int)
          out.push_back(implies(r.index == o.index, r.value.term == o.value.term));
      }
    }
  }
  if (small)
    for (const Term& t : in.integers)
      if (!bounded.count(t.toString())) {
        out.push_back(t >= -128);
        out.push_back(t <= 1024);
      }
  return out;
}

namespace {

class Builder {
 public:
  Builder(const InputGraph& in, smt::Solver& solver, state::TypeSystem& types, int64_t max_array)
      : in_(in), solver_(solver), types_(types), max_array_(max_array) {}
  bool ok = true;

  void count(const Slot& s) {
    if (s.kind != Slot::Kind::Node) return;
    int n = in_.find(s.node);
    if (++uses_[n] > 1) return;
    const InputNode& x = in_.at(n);
    for (const auto& [f, c] : x.fields) count(c);
    for (const Read& r : x.reads) count(r.value);
  }

  Value value(const Slot& s, std::string_view descriptor) {
    char k = descriptor.empty() ? 'L' : descriptor.front();
    if (k == 'F' || k == 'D') return Value::floating(0.0, k);
    if (s.kind == Slot::Kind::Int) {
      int64_t v = number(s.term);
      return Value::integer(k == 'Z' ? (v != 0) : v, k == 'L' || k == '[' ? 'I' : k);
    }
    if (k != 'L' && k != '[') return Value::integer(0, k);
    if (s.kind != Slot::Kind::Node) return Value::null();
    return node(in_.find(s.node), descriptor);
  }

  std::vector<std::string> mainArgs() {
    std::vector<std::string> args;
    const InputNode& x = in_.at(in_.main_args);
    for (const Value& v : elements(x, "[Ljava/lang/String;").elements)
      args.push_back(v.kind == Value::Kind::String ? v.text : "");
    return args;
  }

 private:
  int64_t number(const Term& t) {
    if (!t.valid()) return 0;
    auto v = solver_.value(t);
    return v ? *v : 0;
  }

  Value node(int n, std::string_view descriptor) {
    const InputNode& x = in_.at(n);
    if (x.shape == InputNode::Shape::Null || (x.shape == InputNode::Shape::Unknown && !x.must_exist))
      return Value::null();
    if (auto it = ids_.find(n); it != ids_.end()) return Value::reference(it->second);
    state::TypeId t = x.type.empty() ? 0 : types_.someConcrete(x.type);
    if (t == 0 && !x.type.empty()) t = applicationClassIn(x.type);
    if (t == 0 && descriptor.size() > 2 && descriptor.front() == 'L') {
      t = types_.intern(descriptor.substr(1, descriptor.size() - 2));
      if (types_.isAbstractClass(t)) t = 0;
    } else if (t == 0 && descriptor.front() == '[') {
      t = types_.intern(descriptor);
    }
    if (t == 0) {
      ok = false;
      return Value::null();
    }
    const std::string& name = types_.name(t);
    if (name == "java/lang/String") return string(n);
    int id = uses_[n] > 1 ? next_id_++ : 0;
    if (id) ids_[n] = id;
    Value out = name.front() == '[' ? elements(x, name) : object(x, t, name);
    out.id = id;
    return out;
  }

  // A class of the application in `type` that can be instantiated (an
  // implementation of an interface, a subclass of an abstract class), the
  // first in class-path order.
  state::TypeId applicationClassIn(const state::AbstractType& type) {
    if (!application_) application_ = program::applicationClasses(types_.program());
    for (const program::ClassInfo* c : *application_) {
      if (c->file().access & (classfile::kAbstract | classfile::kInterface)) continue;
      state::TypeId t = types_.intern(c->name());
      if (types_.contains(type, t)) return t;
    }
    return 0;
  }

  int64_t lengthOf(const InputNode& x) {
    int64_t len = 0;
    if (x.length.valid()) {
      len = number(x.length);
    } else {
      for (const Read& r : x.reads) len = std::max(len, number(r.index) + 1);
    }
    if (len < 0 || len > max_array_) {
      ok = false;
      return 0;
    }
    return len;
  }

  Value elements(const InputNode& x, const std::string& descriptor) {
    std::string element = descriptor.substr(1);
    std::vector<Value> items(static_cast<size_t>(lengthOf(x)), value(Slot{}, element));
    std::vector<bool> set(items.size(), false);
    for (const Read& r : x.reads) {
      int64_t i = number(r.index);
      if (i < 0 || i >= static_cast<int64_t>(items.size()) || set[static_cast<size_t>(i)]) continue;
      set[static_cast<size_t>(i)] = true;
      items[static_cast<size_t>(i)] = value(r.value, element);
    }
    // Elements nobody read: the simplest value that exists where the array
    // demands it (main's strings are never null).
    if (descriptor == "[Ljava/lang/String;" && &x == &in_.at(in_.main_args))
      for (Value& v : items)
        if (v.kind == Value::Kind::Null) v = Value::string("");
    return Value::array(descriptor, std::move(items));
  }

  Value string(int n) {
    int v = stringValue(in_, n, types_);
    if (v < 0) return Value::string("");
    const InputNode& chars = in_.at(v);
    std::string text(static_cast<size_t>(lengthOf(chars)), 'a');
    for (const Read& r : chars.reads) {
      int64_t i = number(r.index);
      if (i < 0 || i >= static_cast<int64_t>(text.size()) || r.value.kind != Slot::Kind::Int) continue;
      int64_t c = number(r.value.term);
      if (c <= 0 || c > 127) ok = false;  // witnesses hold 7-bit text
      text[static_cast<size_t>(i)] = static_cast<char>(c);
    }
    return Value::string(std::move(text));
  }

  Value object(const InputNode& x, state::TypeId t, const std::string& name) {
    Value out = Value::object(name);
    for (const auto& [f, s] : x.fields) {
      const state::FieldInfo& fi = types_.fieldInfo(f);
      if (fi.isStatic || !types_.isSubtype(t, types_.intern(fi.owner)) || s.kind == Slot::Kind::None) continue;
      out.fields.push_back(input::FieldValue{fi.owner, fi.name, fi.descriptor, value(s, fi.descriptor)});
    }
    return out;
  }

  const InputGraph& in_;
  smt::Solver& solver_;
  state::TypeSystem& types_;
  int64_t max_array_;
  std::map<int, int> uses_;  // references to each node from the arguments
  std::map<int, int> ids_;   // labels of shared nodes already written
  int next_id_ = 1;
  std::optional<std::vector<const program::ClassInfo*>> application_;
};

}  // namespace

namespace {

// Objects read at the same index of one array (in the model) are the same
// object: the graph forgets a read element, the array does not.
void uniteReads(InputGraph& in, smt::Solver& solver) {
  for (size_t k = 0; k < in.size(); ++k) {
    int n = static_cast<int>(k);
    if (in.find(n) != n) continue;
    std::map<int64_t, int> at;
    std::vector<Read> reads = in.at(n).reads;
    for (const Read& r : reads) {
      if (r.value.kind != Slot::Kind::Node) continue;
      auto i = solver.value(r.index);
      if (!i) continue;
      auto [it, fresh] = at.emplace(*i, r.value.node);
      if (!fresh) in.unite(it->second, r.value.node);  // a conflict leaves them apart: the run will tell
    }
  }
}

}  // namespace

std::optional<input::Witness> instantiate(const InputGraph& graph, smt::Solver& solver, state::TypeSystem& types,
                                          const std::vector<std::string>& param_descriptors, int64_t max_array) {
  InputGraph in = graph;
  uniteReads(in, solver);
  Builder b(in, solver, types, max_array);
  input::Witness w;
  if (in.main_args >= 0) {
    w.main_args = true;
    w.args = b.mainArgs();
    return b.ok ? std::optional(w) : std::nullopt;
  }
  if (in.receiver) b.count(*in.receiver);
  for (const Slot& s : in.params) b.count(s);
  if (in.receiver) {
    w.receiver = b.value(*in.receiver, "Ljava/lang/Object;");
    if (w.receiver->kind != Value::Kind::Object) return std::nullopt;
  }
  for (size_t i = 0; i < in.params.size() && i < param_descriptors.size(); ++i)
    w.params.push_back(b.value(in.params[i], param_descriptors[i]));
  return b.ok ? std::optional(w) : std::nullopt;
}

}  // namespace jhalt::witness::detail
