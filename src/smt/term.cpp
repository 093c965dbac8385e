#include <fmt/format.h>

#include "jhalt/util/error.h"
#include "z3_internal.h"

namespace jhalt::smt {

bool Term::isBool() const { return valid() && impl_->e.is_bool(); }
bool Term::isInt() const { return valid() && impl_->e.is_int(); }
bool Term::isBitVector() const { return valid() && impl_->e.is_bv(); }
unsigned Term::width() const { return isBitVector() ? impl_->e.get_sort().bv_size() : 0; }
Context& Term::context() const { return *impl_->ctx; }

Term Term::sameSort(int64_t v) const {
  JHALT_ASSERT(valid(), "numeral of the sort of no term");
  return isBitVector() ? context().bvNum(v, width()) : context().num(v);
}

Term Term::substitute(const std::vector<Term>& from, const std::vector<Term>& to) const {
  JHALT_ASSERT(from.size() == to.size(), "substitution of different lengths");
  z3::context& c = context().impl().z3;
  z3::expr_vector f(c), t(c);
  for (const Term& x : from) f.push_back(z3Of(x));
  for (const Term& x : to) t.push_back(z3Of(x));
  z3::expr copy = impl_->e;
  return wrap(*this, copy.substitute(f, t));
}

std::string Term::toString() const { return valid() ? impl_->e.to_string() : "<none>"; }

unsigned Term::id() const { return valid() ? impl_->e.id() : 0; }

void Term::constantNames(std::set<std::string>& out) const {
  if (!valid()) return;
  std::vector<z3::expr> work{impl_->e};
  std::set<unsigned> seen;
  while (!work.empty()) {
    z3::expr e = work.back();
    work.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      out.insert(e.decl().name().str());
      continue;
    }
    if (e.is_app())
      for (unsigned k = 0; k < e.num_args(); ++k) work.push_back(e.arg(k));
    else if (e.is_quantifier())
      work.push_back(e.body());
  }
}

#define JHALT_BINARY(op)                                                                             \
  Term operator op(const Term& a, const Term& b) { return wrap(a, z3Of(a) op z3Of(b)); }             \
  static_assert(true)
JHALT_BINARY(+);
JHALT_BINARY(-);
JHALT_BINARY(*);
JHALT_BINARY(<);
JHALT_BINARY(<=);
JHALT_BINARY(>);
JHALT_BINARY(>=);
JHALT_BINARY(==);
JHALT_BINARY(!=);
JHALT_BINARY(&&);
JHALT_BINARY(||);
#undef JHALT_BINARY

Term operator-(const Term& a) { return wrap(a, -z3Of(a)); }
Term operator!(const Term& a) { return wrap(a, !z3Of(a)); }
Term operator+(const Term& a, int64_t b) { return a + a.sameSort(b); }
Term operator-(const Term& a, int64_t b) { return a - a.sameSort(b); }
Term operator*(int64_t a, const Term& b) { return b.sameSort(a) * b; }
Term operator<(const Term& a, int64_t b) { return a < a.sameSort(b); }
Term operator<=(const Term& a, int64_t b) { return a <= a.sameSort(b); }
Term operator>(const Term& a, int64_t b) { return a > a.sameSort(b); }
Term operator>=(const Term& a, int64_t b) { return a >= a.sameSort(b); }
Term operator==(const Term& a, int64_t b) { return a == a.sameSort(b); }
Term operator!=(const Term& a, int64_t b) { return a != a.sameSort(b); }

Term implies(const Term& a, const Term& b) { return wrap(a, z3::implies(z3Of(a), z3Of(b))); }
Term ite(const Term& c, const Term& a, const Term& b) { return wrap(c, z3::ite(z3Of(c), z3Of(a), z3Of(b))); }

namespace {
template <bool All>
Term quantify(const std::vector<Term>& vars, const Term& body) {
  if (vars.empty()) return body;
  z3::expr_vector v(body.context().impl().z3);
  for (const Term& x : vars) v.push_back(z3Of(x));
  return wrap(body, All ? z3::forall(v, z3Of(body)) : z3::exists(v, z3Of(body)));
}
}  // namespace

Term forall(const std::vector<Term>& vars, const Term& body) { return quantify<true>(vars, body); }
Term exists(const std::vector<Term>& vars, const Term& body) { return quantify<false>(vars, body); }

Term modulo(const Term& a, int64_t m) { return wrap(a, z3::mod(z3Of(a), a.context().impl().z3.int_val(m))); }
Term javaDiv(const Term& a, const Term& b) { return wrap(a, z3Of(a) / z3Of(b)); }  // bvsdiv on bit-vectors
Term javaRem(const Term& a, const Term& b) { return wrap(a, z3::srem(z3Of(a), z3Of(b))); }
Term shiftLeft(const Term& a, const Term& b) { return wrap(a, z3::shl(z3Of(a), z3Of(b))); }
Term shiftRightArithmetic(const Term& a, const Term& b) { return wrap(a, z3::ashr(z3Of(a), z3Of(b))); }
Term shiftRightLogical(const Term& a, const Term& b) { return wrap(a, z3::lshr(z3Of(a), z3Of(b))); }
Term bitAnd(const Term& a, const Term& b) { return wrap(a, z3Of(a) & z3Of(b)); }
Term bitOr(const Term& a, const Term& b) { return wrap(a, z3Of(a) | z3Of(b)); }
Term bitXor(const Term& a, const Term& b) { return wrap(a, z3Of(a) ^ z3Of(b)); }
Term signExtend(const Term& a, unsigned extra) { return extra ? wrap(a, z3::sext(z3Of(a), extra)) : a; }
Term zeroExtend(const Term& a, unsigned extra) { return extra ? wrap(a, z3::zext(z3Of(a), extra)) : a; }
Term extract(const Term& a, unsigned high, unsigned low) { return wrap(a, z3Of(a).extract(high, low)); }

Context::Context() : impl_(std::make_unique<Impl>()) {}
Context::~Context() = default;

Term Context::intVar(const std::string& name) { return wrap(*this, impl_->z3.int_const(name.c_str())); }
Term Context::realVar(const std::string& name) { return wrap(*this, impl_->z3.real_const(name.c_str())); }
Term Context::bvVar(const std::string& name, unsigned width) {
  return wrap(*this, impl_->z3.bv_const(name.c_str(), width));
}
Term Context::num(int64_t v) { return wrap(*this, impl_->z3.int_val(v)); }
Term Context::bvNum(int64_t v, unsigned width) {
  if (width <= 64) {
    uint64_t bits = static_cast<uint64_t>(v);
    if (width < 64) bits &= (uint64_t{1} << width) - 1;
    return wrap(*this, impl_->z3.bv_val(bits, width));
  }
  // Wider: sign-extend the 64-bit two's complement value.
  return signExtend(bvNum(v, 64), width - 64);
}
Term Context::boolVal(bool v) { return wrap(*this, impl_->z3.bool_val(v)); }

Term Context::mkAnd(const std::vector<Term>& terms) {
  if (terms.empty()) return boolVal(true);
  z3::expr_vector v(impl_->z3);
  for (const Term& t : terms) v.push_back(z3Of(t));
  return wrap(*this, z3::mk_and(v));
}

Term Context::mkOr(const std::vector<Term>& terms) {
  if (terms.empty()) return boolVal(false);
  z3::expr_vector v(impl_->z3);
  for (const Term& t : terms) v.push_back(z3Of(t));
  return wrap(*this, z3::mk_or(v));
}

}  // namespace jhalt::smt
