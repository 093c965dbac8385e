// The Z3 objects behind Term and Context (private to the smt module: the
// only place that includes Z3's headers).
#pragma once

#include <z3++.h>

#include "jhalt/smt/term.h"

namespace jhalt::smt {

struct Context::Impl {
  z3::context z3;
};

struct Term::Impl {
  Context* ctx;
  z3::expr e;
};

inline const z3::expr& z3Of(const Term& t) { return t.impl().e; }
inline Term wrap(Context& ctx, z3::expr e) {
  return Term(std::make_shared<const Term::Impl>(Term::Impl{&ctx, std::move(e)}));
}
inline Term wrap(const Term& like, z3::expr e) { return wrap(*like.impl().ctx, std::move(e)); }

}  // namespace jhalt::smt
