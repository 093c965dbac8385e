// SMT-LIB bit-vector terms as Java expressions (see show.h).
#include "jhalt/looper/show.h"

#include <map>
#include <memory>
#include <vector>

#include <fmt/format.h>

namespace jhalt::looper {

namespace {

struct Node {
  std::string atom;  // empty for a list
  std::vector<std::shared_ptr<Node>> items;
  bool isList() const { return atom.empty(); }
};
using NodeP = std::shared_ptr<Node>;

NodeP parse(const std::string& s, size_t& i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  auto n = std::make_shared<Node>();
  if (i >= s.size()) {
    n->atom = "?";
    return n;
  }
  if (s[i] == '(') {
    ++i;
    for (;;) {
      while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
      if (i >= s.size()) break;
      if (s[i] == ')') {
        ++i;
        break;
      }
      n->items.push_back(parse(s, i));
    }
    return n;
  }
  size_t start = i;
  if (s[i] == '|') {
    ++i;
    while (i < s.size() && s[i] != '|') ++i;
    ++i;
  } else {
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i])) && s[i] != '(' && s[i] != ')') ++i;
  }
  n->atom = s.substr(start, i - start);
  return n;
}

// A bit-vector literal (#x.., #b..) as a signed number.
std::optional<int64_t> literal(const std::string& a) {
  if (a.size() < 3 || a[0] != '#') return std::nullopt;
  unsigned bits = 0;
  uint64_t v = 0;
  if (a[1] == 'x') {
    for (size_t k = 2; k < a.size(); ++k) v = (v << 4) | static_cast<uint64_t>(std::stoi(a.substr(k, 1), nullptr, 16));
    bits = static_cast<unsigned>(4 * (a.size() - 2));
  } else if (a[1] == 'b') {
    for (size_t k = 2; k < a.size(); ++k) v = (v << 1) | static_cast<uint64_t>(a[k] == '1');
    bits = static_cast<unsigned>(a.size() - 2);
  } else {
    return std::nullopt;
  }
  if (bits < 64 && (v >> (bits - 1)) & 1) v |= ~uint64_t{0} << bits;
  return static_cast<int64_t>(v);
}

std::string varName(const std::string& atom) {
  std::string a = atom;
  if (a.size() >= 2 && a.front() == '|' && a.back() == '|') a = a.substr(1, a.size() - 2);
  if (a.size() > 1 && a[0] == 'L') {
    size_t u = a.find('_');
    if (u != std::string::npos && u > 1 && a.find_first_not_of("0123456789", 1) == u) return a.substr(u + 1);
  }
  return a;
}

class Printer {
 public:
  explicit Printer(const ShowNames& names) : names_(names) {}

  std::string show(const NodeP& n) {
    if (!n->isList()) return atom(n->atom);
    if (n->items.empty()) return "()";
    const NodeP& head = n->items[0];
    if (head->isList()) return indexed(n);
    const std::string& op = head->atom;
    auto arg = [&](size_t k) { return k < n->items.size() ? n->items[k] : std::make_shared<Node>(Node{"?", {}}); };
    static const std::map<std::string, std::string> infix = {
        {"bvadd", "+"},  {"bvsub", "-"},  {"bvmul", "*"},    {"bvsdiv", "/"},  {"bvsrem", "%"},
        {"bvand", "&"},  {"bvor", "|"},   {"bvxor", "^"},    {"bvshl", "<<"},  {"bvashr", ">>"},
        {"bvlshr", ">>>"}, {"bvslt", "<"}, {"bvsle", "<="},  {"bvsgt", ">"},   {"bvsge", ">="},
        {"and", "&&"},   {"or", "||"},    {"distinct", "!="}, {"bvult", "<u"}, {"bvule", "<=u"},
        {"bvugt", ">u"}, {"bvuge", ">=u"}, {"bvudiv", "/u"}, {"bvurem", "%u"}};
    if (op == "=" && n->items.size() == 3) return equality(arg(1), arg(2), "==");
    if (op == "distinct" && n->items.size() == 3) return equality(arg(1), arg(2), "!=");
    if (auto it = infix.find(op); it != infix.end()) {
      std::string out;
      for (size_t k = 1; k < n->items.size(); ++k) {
        if (k > 1) out += " " + it->second + " ";
        out += operand(n->items[k]);
      }
      return out;
    }
    if (op == "not") {
      const NodeP& x = arg(1);
      if (x->isList() && !x->items.empty() && !x->items[0]->isList() && x->items[0]->atom == "=" && x->items.size() == 3)
        return equality(x->items[1], x->items[2], "!=");
      return "!" + operand(x);
    }
    if (op == "bvneg") return "-" + operand(arg(1));
    if (op == "bvnot") return "~" + operand(arg(1));
    if (op == "ite") return "(" + show(arg(1)) + " ? " + show(arg(2)) + " : " + show(arg(3)) + ")";
    if (op == "let") return let(n);
    std::string out = op + "(";
    for (size_t k = 1; k < n->items.size(); ++k) out += (k > 1 ? ", " : "") + show(n->items[k]);
    return out + ")";
  }

 private:
  std::string atom(const std::string& a) {
    if (auto b = bindings_.find(a); b != bindings_.end()) return b->second;
    if (auto v = literal(a)) return std::to_string(*v);
    if (a == "true" || a == "false") return a;
    return varName(a);
  }
  bool isReference(const NodeP& n) const {
    if (n->isList()) return false;
    std::string a = n->atom;
    if (a.size() >= 2 && a.front() == '|') a = a.substr(1, a.size() - 2);
    return names_.references.count(a) > 0;
  }
  std::string equality(const NodeP& a, const NodeP& b, const std::string& op) {
    auto object = [&](const NodeP& lit) -> std::string {
      if (!lit->isList())
        if (auto v = literal(lit->atom)) {
          if (*v == 0) return "null";
          if (names_.object)
            if (auto name = names_.object(*v)) return *name;
        }
      return show(lit);
    };
    if (isReference(a)) return show(a) + " " + op + " " + object(b);
    if (isReference(b)) return object(a) + " " + op + " " + show(b);
    return operand(a) + " " + op + " " + operand(b);
  }
  std::string operand(const NodeP& n) {
    std::string s = show(n);
    bool simple = !n->isList() || (n->items.size() >= 2 && !n->items[0]->isList() &&
                                   (n->items[0]->atom == "bvneg" || n->items[0]->atom == "ite"));
    return simple ? s : "(" + s + ")";
  }
  // ((_ extract 31 0) x), ((_ sign_extend 32) x), ((_ zero_extend 16) x)
  std::string indexed(const NodeP& n) {
    const NodeP& f = n->items[0];
    std::string x = n->items.size() > 1 ? operand(n->items[1]) : "?";
    if (f->items.size() >= 3 && f->items[1]->atom == "extract") {
      int hi = std::stoi(f->items[2]->atom);
      return (hi == 31 ? "(int) " : hi == 15 ? "(short) " : hi == 7 ? "(byte) " : fmt::format("(bits {}..0) ", hi)) + x;
    }
    if (f->items.size() >= 3 && f->items[1]->atom == "sign_extend") return x;
    if (f->items.size() >= 3 && f->items[1]->atom == "zero_extend") return "(unsigned) " + x;
    return show(f) + "(" + x + ")";
  }
  std::string let(const NodeP& n) {
    if (n->items.size() < 3 || !n->items[1]->isList()) return "let(?)";
    for (const NodeP& b : n->items[1]->items)
      if (b->isList() && b->items.size() == 2) bindings_[b->items[0]->atom] = "(" + show(b->items[1]) + ")";
    return show(n->items[2]);
  }

  const ShowNames& names_;
  std::map<std::string, std::string> bindings_;
};

}  // namespace

std::string showJava(const std::string& smtlib, const ShowNames& names) {
  size_t i = 0;
  NodeP n = parse(smtlib, i);
  Printer p(names);
  return p.show(n);
}

}  // namespace jhalt::looper
