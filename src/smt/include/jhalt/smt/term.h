// SMT terms without the solver's headers: Boolean, integer and bit-vector
// terms are immutable values owned by a Context (the Z3 context lives
// behind it, in the smt module only). Operators follow the sort of their
// operands: on bit-vectors, arithmetic wraps and comparisons are signed
// (two's complement, as the JVM's int and long), on integers they are
// mathematical.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace jhalt::smt {

class Context;

class Term {
 public:
  Term() = default;  // no term (valid() is false)
  bool valid() const { return impl_ != nullptr; }
  bool isBool() const;
  bool isInt() const;
  bool isBitVector() const;
  unsigned width() const;  // bit-vectors: the number of bits; else 0
  Context& context() const;

  // A numeral of this term's sort (integer, or a bit-vector of its width).
  Term sameSort(int64_t v) const;
  // Replaces each term of `from` by the term of `to` at the same position.
  Term substitute(const std::vector<Term>& from, const std::vector<Term>& to) const;
  std::string toString() const;
  // Equal for structurally equal terms of one context (terms are
  // hash-consed): a cheap identity for sets of terms.
  unsigned id() const;
  // Names of the free constants (variables) the term mentions.
  void constantNames(std::set<std::string>& out) const;

  struct Impl;
  explicit Term(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  const Impl& impl() const { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

Term operator+(const Term& a, const Term& b);
Term operator-(const Term& a, const Term& b);
Term operator*(const Term& a, const Term& b);
Term operator-(const Term& a);
Term operator<(const Term& a, const Term& b);
Term operator<=(const Term& a, const Term& b);
Term operator>(const Term& a, const Term& b);
Term operator>=(const Term& a, const Term& b);
Term operator==(const Term& a, const Term& b);
Term operator!=(const Term& a, const Term& b);
Term operator&&(const Term& a, const Term& b);
Term operator||(const Term& a, const Term& b);
Term operator!(const Term& a);
// With a numeral of the other operand's sort.
Term operator+(const Term& a, int64_t b);
Term operator-(const Term& a, int64_t b);
Term operator*(int64_t a, const Term& b);
Term operator<(const Term& a, int64_t b);
Term operator<=(const Term& a, int64_t b);
Term operator>(const Term& a, int64_t b);
Term operator>=(const Term& a, int64_t b);
Term operator==(const Term& a, int64_t b);
Term operator!=(const Term& a, int64_t b);

Term implies(const Term& a, const Term& b);
Term ite(const Term& c, const Term& a, const Term& b);
Term forall(const std::vector<Term>& vars, const Term& body);  // body itself when vars is empty
Term exists(const std::vector<Term>& vars, const Term& body);

// a mod m for an integer term (m > 0): the value in [0, m).
Term modulo(const Term& a, int64_t m);

// Bit-vector operations with the JVM's meaning (JLS §15.17, §15.19).
Term javaDiv(const Term& a, const Term& b);   // truncating (bvsdiv)
Term javaRem(const Term& a, const Term& b);   // sign of the dividend (bvsrem)
Term shiftLeft(const Term& a, const Term& b);
Term shiftRightArithmetic(const Term& a, const Term& b);
Term shiftRightLogical(const Term& a, const Term& b);
Term bitAnd(const Term& a, const Term& b);
Term bitOr(const Term& a, const Term& b);
Term bitXor(const Term& a, const Term& b);
Term signExtend(const Term& a, unsigned extra_bits);
Term zeroExtend(const Term& a, unsigned extra_bits);
Term extract(const Term& a, unsigned high, unsigned low);

class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  Term intVar(const std::string& name);
  Term realVar(const std::string& name);  // a rational unknown (linear programs)
  Term bvVar(const std::string& name, unsigned width);
  Term num(int64_t v);
  Term bvNum(int64_t v, unsigned width);  // two's complement of v
  Term boolVal(bool v);
  Term mkAnd(const std::vector<Term>& terms);  // true when empty
  Term mkOr(const std::vector<Term>& terms);   // false when empty

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace jhalt::smt
