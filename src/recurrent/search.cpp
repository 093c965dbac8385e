#include "jhalt/recurrent/search.h"

#include <algorithm>
#include <set>

namespace jhalt::recurrent {

StateGraph::StateGraph(const Domain& domain, Transfer& transfer, SearchOptions options)
    : domain_(domain), transfer_(transfer), options_(options) {}

size_t StateGraph::nodeOf(const Element& e, bool& created) {
  auto it = index_.find(e);
  created = it == index_.end();
  if (!created) return it->second;
  Node n;
  n.e = e;
  nodes_.push_back(std::move(n));
  index_.emplace(e, nodes_.size() - 1);
  return nodes_.size() - 1;
}

// MakeStates (Fig. 4): the states of `elements` (split per path), with
// post-edges from `parent`; returns the new ones.
std::vector<size_t> StateGraph::makeStates(const std::vector<Element>& elements, const size_t* parent) {
  std::vector<Element> parts;
  if (elements.empty()) {
    parts.push_back(domain_.bottom());
  } else {
    for (const Element& l : elements)
      for (Element& p : transfer_.split(l)) parts.push_back(std::move(p));
  }
  std::vector<size_t> fresh;
  for (const Element& l : parts) {
    bool created = false;
    size_t id = nodeOf(l, created);
    if (parent && std::find(nodes_[*parent].post.begin(), nodes_[*parent].post.end(), id) ==
                      nodes_[*parent].post.end())
      nodes_[*parent].post.push_back(id);
    if (!created) continue;
    Node& n = nodes_[id];
    if (l.bottom) {
      n.post.push_back(id);  // bottom's post-self-loop
    } else if (!transfer_.mayEnter(l)) {
      n.may_exit = n.must_exit = true;
    } else if (!transfer_.cannotExit(l)) {
      n.may_exit = true;
    }
    fresh.push_back(id);
  }
  return fresh;
}

// E_c^+ of Fig. 3, line 15: containment-edges between unknown states, or
// from an unknown to a recurrent state, with an end among `fresh`.
bool StateGraph::containmentEdges(const std::vector<size_t>& fresh) {
  std::set<size_t> is_fresh(fresh.begin(), fresh.end());
  bool added = false;
  for (size_t a = 0; a < nodes_.size(); ++a) {
    if (!nodes_[a].unknown()) continue;
    for (size_t b = 0; b < nodes_.size(); ++b) {
      if (a == b || !(nodes_[b].unknown() || nodes_[b].rec)) continue;
      if (!is_fresh.count(a) && !is_fresh.count(b)) continue;
      if (std::find(nodes_[a].above.begin(), nodes_[a].above.end(), b) != nodes_[a].above.end()) continue;
      if (!domain_.leq(nodes_[a].e, nodes_[b].e)) continue;
      nodes_[a].above.push_back(b);
      nodes_[b].below.push_back(a);
      added = true;
    }
  }
  return added;
}

// PropagateStatus (§3.3, rules 1-8; post# is monotonic: best abstractions).
void StateGraph::propagate() {
  bool changed = true;
  auto all = [&](const Node& n, auto pred) {
    return !n.post.empty() && std::all_of(n.post.begin(), n.post.end(), [&](size_t s) { return pred(nodes_[s]); });
  };
  while (changed) {
    changed = false;
    for (size_t i = 0; i < nodes_.size(); ++i) {
      Node& n = nodes_[i];
      auto mark_must = [&](Node& m) {
        if (!m.must_exit) m.must_exit = m.may_exit = changed = true;
      };
      auto mark_may = [&](Node& m) {
        if (!m.may_exit) m.may_exit = changed = true;
      };
      auto mark_rec = [&](Node& m) {
        if (m.unknown()) m.rec = changed = true;
      };
      if (n.e.bottom) continue;
      if (!n.must_exit && all(n, [](const Node& s) { return s.must_exit; })) mark_must(n);            // 1
      if (n.must_exit)
        for (size_t b : n.below) mark_must(nodes_[b]);                                                // 2
      if (n.unknown() && all(n, [](const Node& s) { return s.rec; })) mark_rec(n);                    // 3
      if (n.rec)
        for (size_t b : n.below) mark_rec(nodes_[b]);                                                 // 4
      if (!n.may_exit && std::any_of(n.post.begin(), n.post.end(), [&](size_t s) { return nodes_[s].may_exit; }))
        mark_may(n);                                                                                   // 5
      if (n.may_exit)
        for (size_t a : n.above) mark_may(nodes_[a]);                                                 // 6
      if (n.rec)
        for (size_t s : n.post) mark_rec(nodes_[s]);                                                  // 7
      if (n.must_exit)
        for (size_t s : n.post) mark_must(nodes_[s]);                                                 // 8
    }
  }
}

// FindRecComp (Fig. 5): the unknown states C such that C with the recurrent
// states is the maximal recurrent component (Thm. 3).
std::vector<size_t> StateGraph::findRecComp() const {
  std::set<size_t> c;
  for (size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].unknown() && !nodes_[i].e.bottom) c.insert(i);
  auto inside = [&](size_t s) { return c.count(s) || nodes_[s].rec; };
  while (true) {
    std::vector<size_t> out;
    for (size_t l : c) {
      const Node& n = nodes_[l];
      bool contained = std::any_of(n.above.begin(), n.above.end(), inside);
      bool closed = !n.post.empty() && std::all_of(n.post.begin(), n.post.end(), inside);
      if (!contained && !closed) out.push_back(l);
    }
    if (out.empty()) break;
    for (size_t l : out) c.erase(l);
  }
  return {c.begin(), c.end()};
}

std::vector<size_t> StateGraph::recIds() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    if (!n.rec || n.e.bottom) continue;
    if (std::none_of(n.above.begin(), n.above.end(), [&](size_t a) { return nodes_[a].rec; })) out.push_back(i);
  }
  return out;
}

bool StateGraph::findFirst(const std::vector<Element>& initial) {
  for (size_t id : makeStates(initial, nullptr))
    if (!nodes_[id].must_exit && !nodes_[id].e.bottom) frontier_.push_back(id);
  containmentEdges(frontier_);
  propagate();
  return findNext();
}

bool StateGraph::findNext() {
  while (next_ < frontier_.size()) {
    size_t l = frontier_[next_++];
    if (nodes_[l].must_exit || nodes_[l].rec) continue;
    if (nodes_.size() >= options_.max_states || std::chrono::steady_clock::now() >= options_.deadline) {
      exhausted_ = true;
      return false;
    }
    std::vector<size_t> fresh = makeStates(transfer_.post(nodes_[l].e), &l);
    nodes_[l].expanded = true;
    bool new_edges = containmentEdges(fresh);
    for (size_t id : fresh)
      if (!nodes_[id].must_exit && !nodes_[id].e.bottom) frontier_.push_back(id);
    propagate();
    const Node& n = nodes_[l];
    bool settled = fresh.empty() && std::all_of(n.post.begin(), n.post.end(), [&](size_t s) {
                     return nodes_[s].unknown() || nodes_[s].rec;
                   });
    if (settled || new_edges) {
      std::vector<size_t> comp = findRecComp();
      for (size_t id : comp) nodes_[id].rec = true;
      if (!comp.empty()) propagate();
    }
    std::vector<size_t> rec = recIds();
    if (!rec.empty() && rec != rec_) {
      rec_ = std::move(rec);
      return true;
    }
  }
  return false;
}

std::vector<Element> StateGraph::recurrent() const {
  std::vector<Element> out;
  for (size_t id : rec_) out.push_back(nodes_[id].e);
  return out;
}

}  // namespace jhalt::recurrent
