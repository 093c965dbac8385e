#include "jhalt/seg/graph.h"

#include <algorithm>

#include "jhalt/util/error.h"

namespace jhalt::seg {

NodeId Graph::addNode(state::State s, NodeId parent) {
  NodeId id = static_cast<NodeId>(nodes_.size());
  Node n;
  n.state = std::make_shared<const state::State>(std::move(s));
  n.parent = parent;
  nodes_.push_back(std::move(n));
  ++live_nodes_;
  return id;
}

EdgeId Graph::addEdge(Edge e) {
  EdgeId id;
  if (!free_edges_.empty()) {  // reuse the slot of a removed edge
    id = free_edges_.back();
    free_edges_.pop_back();
    edges_[id] = std::move(e);
  } else {
    id = static_cast<EdgeId>(edges_.size());
    edges_.push_back(std::move(e));
  }
  nodes_[edges_[id].from].out.push_back(id);
  nodes_[edges_[id].to].in.push_back(id);
  return id;
}

void Graph::cutBelow(NodeId n) {
  // Only nodes below `n` can become unreachable: collect them, then keep
  // those still entered from outside (and what they reach).
  // Marks by epoch in buffers kept between calls: a cut costs what it
  // visits, not the size of the graph (merges cut often).
  ++epoch_;
  below_mark_.resize(nodes_.size(), 0);
  keep_mark_.resize(nodes_.size(), 0);
  auto in_below = [&](NodeId x) { return below_mark_[x] == epoch_; };
  auto kept = [&](NodeId x) { return keep_mark_[x] == epoch_; };
  std::vector<NodeId> below;
  std::vector<NodeId> work;
  for (EdgeId e : nodes_[n].out) work.push_back(edges_[e].to);
  while (!work.empty()) {
    NodeId x = work.back();
    work.pop_back();
    if (x == n || in_below(x) || !nodes_[x].alive) continue;
    below_mark_[x] = epoch_;
    below.push_back(x);
    for (EdgeId e : nodes_[x].out)
      if (edges_[e].alive) work.push_back(edges_[e].to);
  }
  for (EdgeId e : nodes_[n].out) killEdge(e);
  nodes_[n].out.clear();
  for (NodeId x : below)
    for (EdgeId e : nodes_[x].in) {
      const Edge& edge = edges_[e];
      if (edge.alive && !in_below(edge.from) && nodes_[edge.from].alive && edge.from != n) work.push_back(x);
    }
  if (in_below(root())) work.push_back(root());
  while (!work.empty()) {
    NodeId x = work.back();
    work.pop_back();
    if (kept(x)) continue;
    keep_mark_[x] = epoch_;
    for (EdgeId e : nodes_[x].out)
      if (edges_[e].alive && in_below(edges_[e].to)) work.push_back(edges_[e].to);
  }
  std::vector<NodeId> touched;
  for (NodeId x : below) {
    if (kept(x)) continue;
    nodes_[x].alive = false;
    --live_nodes_;
    nodes_[x].state.reset();  // free memory of removed states
    for (EdgeId e : nodes_[x].out) {
      killEdge(e);
      touched.push_back(edges_[e].to);
    }
    for (EdgeId e : nodes_[x].in) {
      killEdge(e);
      touched.push_back(edges_[e].from);
    }
  }
  touched.push_back(n);
  for (NodeId x : touched) {
    std::erase_if(nodes_[x].out, [&](EdgeId e) { return !edges_[e].alive; });
    std::erase_if(nodes_[x].in, [&](EdgeId e) { return !edges_[e].alive; });
  }
  for (NodeId x : below)
    if (!kept(x)) {
      std::vector<EdgeId>().swap(nodes_[x].out);
      std::vector<EdgeId>().swap(nodes_[x].in);
    }
  // No live node refers to the removed edges any more: their slots are free.
  free_edges_.insert(free_edges_.end(), killed_.begin(), killed_.end());
  killed_.clear();
}

void Graph::killEdge(EdgeId e) {
  // Dead edges keep only their endpoints; their labels are freed, since
  // ForceAbstraction can discard most of what a large construction built.
  Edge& edge = edges_[e];
  if (edge.alive) killed_.push_back(e);
  edge.alive = false;
  edge.label = EvalLabel{};
  std::vector<Ref>().swap(edge.refined);
  std::vector<std::pair<Ref, Ref>>().swap(edge.instance);
}

std::vector<NodeId> Graph::nodes() const {
  std::vector<NodeId> out;
  for (NodeId i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].alive) out.push_back(i);
  return out;
}

std::vector<EdgeId> Graph::edges() const {
  std::vector<EdgeId> out;
  for (EdgeId i = 0; i < edges_.size(); ++i)
    if (edges_[i].alive) out.push_back(i);
  return out;
}

std::vector<EdgeId> Graph::outEdges(NodeId n) const { return nodes_[n].out; }
std::vector<EdgeId> Graph::inEdges(NodeId n) const { return nodes_[n].in; }

size_t Graph::liveEdges() const {
  return static_cast<size_t>(std::count_if(edges_.begin(), edges_.end(), [](const Edge& e) { return e.alive; }));
}

bool Graph::hasRecursion() const {
  return std::any_of(edges_.begin(), edges_.end(), [](const Edge& e) {
    return e.alive && (e.kind == EdgeKind::Call || e.kind == EdgeKind::Return);
  });
}

std::vector<std::vector<NodeId>> Graph::cycles() const {
  // Tarjan's algorithm, iterative.
  const size_t n = nodes_.size();
  std::vector<int> index(n, -1), low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<NodeId> stack;
  std::vector<std::vector<NodeId>> result;
  int counter = 0;
  for (NodeId start = 0; start < n; ++start) {
    if (!nodes_[start].alive || index[start] >= 0) continue;
    std::vector<std::pair<NodeId, size_t>> call{{start, 0}};
    index[start] = low[start] = counter++;
    stack.push_back(start);
    on_stack[start] = true;
    while (!call.empty()) {
      auto& [v, k] = call.back();
      if (k < nodes_[v].out.size()) {
        NodeId w = edges_[nodes_[v].out[k++]].to;
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = true;
          call.emplace_back(w, 0);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        std::vector<NodeId> comp;
        NodeId w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = false;
          comp.push_back(w);
        } while (w != v);
        bool self_loop = false;
        for (EdgeId e : nodes_[v].out) self_loop |= edges_[e].to == v;
        if (comp.size() > 1 || self_loop) {
          std::sort(comp.begin(), comp.end());
          result.push_back(std::move(comp));
        }
      }
      NodeId done = v;
      call.pop_back();
      if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
    }
  }
  return result;
}

std::vector<NodeId> Graph::loopHeads() const {
  std::vector<NodeId> heads;
  for (const auto& comp : cycles()) {
    for (NodeId v : comp)
      for (EdgeId e : nodes_[v].in)
        if (!std::binary_search(comp.begin(), comp.end(), edges_[e].from)) {
          heads.push_back(v);
          break;
        }
  }
  std::sort(heads.begin(), heads.end());
  return heads;
}

}  // namespace jhalt::seg
