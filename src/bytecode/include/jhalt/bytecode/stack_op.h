// pop, dup, swap & co. (JVMS §6.5) on any representation of operand-stack
// slots (references, origins, CLP values): one definition for every
// interpreter of the bytecode. A long or double takes two slots.
#pragma once

#include <initializer_list>
#include <vector>

#include "jhalt/bytecode/opcodes.h"

namespace jhalt::bytecode {

// `st` must hold at least opcodeInfo(...).pops slots.
template <class Slot>
void applyStackOp(StackOp op, std::vector<Slot>& st) {
  auto take = [&](size_t n) {
    std::vector<Slot> v(st.end() - static_cast<std::ptrdiff_t>(n), st.end());
    st.resize(st.size() - n);
    return v;
  };
  auto put = [&](std::initializer_list<std::vector<Slot>> parts) {
    for (const auto& p : parts) st.insert(st.end(), p.begin(), p.end());
  };
  switch (op) {
    case StackOp::Pop: take(1); break;
    case StackOp::Pop2: take(2); break;
    case StackOp::Dup: { auto a = take(1); put({a, a}); break; }
    case StackOp::DupX1: { auto a = take(1), b = take(1); put({a, b, a}); break; }
    case StackOp::DupX2: { auto a = take(1), b = take(2); put({a, b, a}); break; }
    case StackOp::Dup2: { auto a = take(2); put({a, a}); break; }
    case StackOp::Dup2X1: { auto a = take(2), b = take(1); put({a, b, a}); break; }
    case StackOp::Dup2X2: { auto a = take(2), b = take(2); put({a, b, a}); break; }
    case StackOp::Swap: { auto a = take(1), b = take(1); put({a, b}); break; }
  }
}

}  // namespace jhalt::bytecode
