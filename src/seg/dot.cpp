#include "jhalt/seg/dot.h"

#include <iterator>

#include <fmt/format.h>

#include "jhalt/state/print.h"

namespace jhalt::seg {
namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\' || c == '{' || c == '}' || c == '<' || c == '>' || c == '|') out += '\\';
    if (c == '\n') {
      out += "\\l";
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

std::string toDot(const Graph& g, state::TypeSystem& types) {
  std::string out = "digraph seg {\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n"
                    "  edge [fontname=\"monospace\", fontsize=9];\n";
  auto it = std::back_inserter(out);
  for (NodeId n : g.nodes()) {
    const state::State& s = g.state(n);
    state::PrintOptions po;
    po.method_names = false;
    std::string text = fmt::format("N{}\n", n) + state::toString(s, types, po);
    fmt::format_to(it, "  n{} [label=\"{}\"{}];\n", n, escape(text),
                   s.finished() ? (s.exception != state::kNone ? ", color=red" : ", color=blue") : "");
  }
  for (EdgeId e : g.edges()) {
    const Edge& edge = g.edge(e);
    switch (edge.kind) {
      case EdgeKind::Eval:
        fmt::format_to(it, "  n{} -> n{} [label=\"{}\"];\n", edge.from, edge.to,
                       escape(toString(edge.label, g.state(edge.from), g.state(edge.to))));
        break;
      case EdgeKind::Refine: {
        std::string refs;
        for (Ref r : edge.refined) refs += (refs.empty() ? "" : ", ") + state::refName(g.state(edge.from), r);
        fmt::format_to(it, "  n{} -> n{} [style=dashed, label=\"{{{}}}\"];\n", edge.from, edge.to, escape(refs));
        break;
      }
      case EdgeKind::Instance:
        fmt::format_to(it, "  n{} -> n{} [color=\"black:invis:black\"];\n", edge.from, edge.to);
        break;
      case EdgeKind::Call:
        fmt::format_to(it, "  n{} -> n{} [style=bold, color=blue, label=\"call\"];\n", edge.from, edge.to);
        break;
      case EdgeKind::Return:
        fmt::format_to(it, "  n{} -> n{} [style=bold, color=darkgreen, label=\"return to n{}\"];\n", edge.from,
                       edge.to, edge.context);
        break;
    }
  }
  out += "}\n";
  return out;
}

}  // namespace jhalt::seg
