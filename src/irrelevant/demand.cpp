#include "demand.h"

#include <algorithm>
#include <map>

namespace jhalt::irrelevant::detail {

bool Demands::has(Key k) const { return std::binary_search(keys_.begin(), keys_.end(), k); }

void Demands::add(Key k) {
  auto it = std::lower_bound(keys_.begin(), keys_.end(), k);
  if (it == keys_.end() || *it != k) keys_.insert(it, k);
}

void Demands::erase(Key k) {
  auto it = std::lower_bound(keys_.begin(), keys_.end(), k);
  if (it != keys_.end() && *it == k) keys_.erase(it);
}

bool Demands::merge(const Demands& o) {
  if (o.keys_.empty()) return false;
  std::vector<Key> out;
  out.reserve(keys_.size() + o.keys_.size());
  std::set_union(keys_.begin(), keys_.end(), o.keys_.begin(), o.keys_.end(), std::back_inserter(out));
  bool grew = out.size() != keys_.size();
  keys_ = std::move(out);
  return grew;
}

std::vector<state::Ref> Demands::objects() const {
  std::vector<state::Ref> out;
  auto it = std::lower_bound(keys_.begin(), keys_.end(), key(Kind::Object, 0, 0));
  for (; it != keys_.end() && kindOf(*it) == Kind::Object; ++it) out.push_back(indexOf(*it));
  return out;
}

std::vector<state::Ref> reach(const state::State& s, const std::vector<state::Ref>& roots) {
  std::map<state::Ref, std::vector<state::Ref>> partners;
  for (const auto& [a, b] : s.preds.joins) partners[a].push_back(b), partners[b].push_back(a);
  for (const auto& [a, b] : s.preds.maybe_equal) partners[a].push_back(b), partners[b].push_back(a);
  std::vector<state::Ref> seen;
  std::vector<state::Ref> work(roots.begin(), roots.end());
  while (!work.empty()) {
    state::Ref r = work.back();
    work.pop_back();
    if (r == state::kNull || r == state::kNone) continue;
    const state::HeapValue* v = s.find(r);
    if (!v || !v->isObject()) continue;
    auto at = std::lower_bound(seen.begin(), seen.end(), r);
    if (at != seen.end() && *at == r) continue;
    seen.insert(at, r);
    for (const auto& f : v->fields) work.push_back(f.second);
    for (state::Ref e : v->elements) work.push_back(e);
    if (auto p = partners.find(r); p != partners.end()) work.insert(work.end(), p->second.begin(), p->second.end());
  }
  return seen;
}

}  // namespace jhalt::irrelevant::detail
