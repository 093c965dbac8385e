// Definite reachability (state/reach.h): entailment, the step rule, what a
// field write keeps, merge and instance check (docs/design/termination.md
// §9, "Cyclic data"). Objects are Hierarchy$Square with its `next` field.
#include <gtest/gtest.h>

#include "jhalt/state/merge.h"
#include "jhalt/state/print.h"
#include "jhalt/state/reach.h"
#include "jhalt/state/state.h"
#include "state_fixture.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::state {
namespace {

class ReachTest : public ::testing::Test {
 protected:
  ReachTest() : cp_(test::testClassPath()), program_(cp_), types_(program_) {
    square_ = types_.intern("Hierarchy$Square");
    next_ = types_.field("Hierarchy$Square", "next", "LHierarchy$Square;", false);
  }
  static State frameWith(std::vector<Ref> locals) { return test::frameWith(std::move(locals)); }
  HeapValue node(Ref next) {
    HeapValue v = HeapValue::object(types_.exactly(square_));
    if (next != kNone) v.setField(next_, next);
    return v;
  }
  HeapValue abstractNode() { return HeapValue::object(types_.subtypesOf(square_)); }
  // h -> a -> b -> h, locals (h, a, b).
  State ring() {
    State s = frameWith({1, 2, 3});
    s.put(1, node(2));
    s.put(2, node(3));
    s.put(3, node(1));
    return s;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  TypeSystem types_;
  TypeId square_;
  FieldId next_;
};

TEST_F(ReachTest, EntailmentFollowsShownFieldsAndPredicates) {
  State s = ring();
  EXPECT_EQ(reachedAlong(s, 2, next_), (std::set<Ref>{1, 2, 3}));
  // An abstract object leads nowhere on its own; a predicate takes over.
  State t = frameWith({1, 2, 4});
  t.put(1, node(2));
  t.put(2, abstractNode());
  t.addCyclic(2, {});  // may lie on a cycle
  t.put(4, node(kNull));
  EXPECT_EQ(reachedAlong(t, 1, next_), (std::set<Ref>{2}));
  t.addReach(2, 4, next_);
  EXPECT_EQ(reachedAlong(t, 1, next_), (std::set<Ref>{2, 4, kNull}));
  // A possibly null object ends a path: nothing past it.
  t.setMaybeExisting(2, true);
  EXPECT_EQ(reachedAlong(t, 1, next_), (std::set<Ref>{2}));
  // ... except its own end at null, which holds either way.
  t.addReach(2, kNull, next_);
  EXPECT_EQ(reachedAlong(t, 1, next_), (std::set<Ref>{2, kNull}));
  // A shown end at null.
  State u = frameWith({1});
  u.put(1, node(2));
  u.put(2, node(kNull));
  EXPECT_EQ(reachedAlong(u, 1, next_), (std::set<Ref>{2, kNull}));
}

TEST_F(ReachTest, PathsEndBeyondObjectsWithoutCyclesOfTheirField) {
  // Thesis Def. 1.10(n): a cycle through fields the state does not show
  // needs `⟲F` at the last shown reference, F on the cycle. Without one
  // the path of next from an abstract object ends at null.
  const FieldId prev = types_.field("Hierarchy$Square", "prev", "LHierarchy$Square;", false);
  State s = frameWith({1});
  s.put(1, node(2));
  s.put(2, abstractNode());
  EXPECT_EQ(reachedAlong(s, 1, next_), (std::set<Ref>{2, kNull}));
  s.setMaybeExisting(2, true);  // null itself, or an acyclic list
  EXPECT_EQ(reachedAlong(s, 1, next_), (std::set<Ref>{2, kNull}));
  // Cycles that need prev as well (a doubly linked list) have no cycle of next alone.
  s.addCyclic(2, {next_, prev});
  EXPECT_EQ(reachedAlong(s, 1, next_), (std::set<Ref>{2, kNull}));
  EXPECT_EQ(reachedAlong(s, 2, prev), (std::set<Ref>{kNull}));  // nor of prev alone
  s.addCyclic(2, {next_});  // intersected: {next}
  EXPECT_EQ(reachedAlong(s, 1, next_), (std::set<Ref>{2}));
  // An object it may be carries such a cycle: no end either.
  State t = frameWith({1, 3});
  t.put(1, node(2));
  t.put(2, abstractNode());
  t.put(3, abstractNode());
  t.addCyclic(3, {});
  t.addMaybeEqual(2, 3);
  EXPECT_EQ(reachedAlong(t, 1, next_), (std::set<Ref>{2}));
  // ... nor when that object lies on a cycle the state shows.
  State w = frameWith({1, 3});
  w.put(1, node(2));
  w.put(2, abstractNode());
  w.put(3, node(3));
  w.addMaybeEqual(2, 3);
  EXPECT_EQ(reachedAlong(w, 1, next_), (std::set<Ref>{2}));
  // ... also two `=?` away: 2 =? 3, 3.next = 4, 4 =? 5, 5.next = 5.
  State x = frameWith({1, 3, 5});
  x.put(1, node(2));
  x.put(2, abstractNode());
  x.put(3, node(4));
  x.put(4, abstractNode());
  x.put(5, node(5));
  x.addMaybeEqual(2, 3);
  x.addMaybeEqual(4, 5);
  EXPECT_EQ(reachedAlong(x, 1, next_), (std::set<Ref>{2})) << toString(x, types_);
  x.removeMaybeEqual(4, 5);  // 4's path ends: so does 2's
  EXPECT_EQ(reachedAlong(x, 1, next_), (std::set<Ref>{2, kNull})) << toString(x, types_);
  // ... and sharing alone (`%$`-self, a DAG) makes no cycle.
  State u = frameWith({1});
  u.put(1, node(2));
  u.put(2, abstractNode());
  u.addJoins(2, 2);
  EXPECT_EQ(reachedAlong(u, 1, next_), (std::set<Ref>{2, kNull}));
}

TEST_F(ReachTest, PredicatesOfLengthZeroMakeNoCycle) {
  // x ⇝ y and y ⇝ x with x =? y: both may be 0 steps (x = y), so x need
  // not lie on a cycle (a review found a wrong YES from chaining them).
  State s = frameWith({1, 2});
  s.put(1, abstractNode());
  s.put(2, abstractNode());
  s.addCyclic(1, {});
  s.addCyclic(2, {});
  s.addMaybeEqual(1, 2);
  s.addReach(1, 2, next_);
  s.addReach(2, 1, next_);
  EXPECT_EQ(reachedAlong(s, 1, next_), (std::set<Ref>{2}));
  // Surely different objects: each predicate takes a step.
  s.removeMaybeEqual(1, 2);
  EXPECT_EQ(reachedAlong(s, 1, next_), (std::set<Ref>{1, 2}));
}

TEST_F(ReachTest, WritesKeepOnlyPathsTheyDoNotCross) {
  State s = ring();
  const Reach a_to_h{2, 1, next_}, b_to_h{3, 1, next_}, cycle{1, 1, next_};
  // a.next := null: b lies after a on a's path to h, so a is not on b's path.
  EXPECT_EQ(afterWrite(s, b_to_h, 2, kNull), WriteEffect::Unchanged);
  EXPECT_EQ(afterWrite(s, a_to_h, 2, kNull), WriteEffect::Broken);
  EXPECT_EQ(afterWrite(s, cycle, 2, kNull), WriteEffect::Broken);
  // h.next := b: paths to h stop at h; h's own cycle now goes through b.
  EXPECT_EQ(afterWrite(s, a_to_h, 1, 3), WriteEffect::Unchanged);
  EXPECT_EQ(afterWrite(s, cycle, 1, 3), WriteEffect::Reaches);
  // a.next := a: a self-loop never meets h again.
  EXPECT_EQ(afterWrite(s, a_to_h, 2, 2), WriteEffect::Broken);
  // An end at null: a.next := null keeps it for h, not for b (now cut).
  const Reach h_end{1, kNull, next_};
  EXPECT_EQ(afterWrite(s, h_end, 2, kNull), WriteEffect::Reaches);
  // A new object nobody refers to is on no path.
  s.put(9, node(kNull));
  EXPECT_EQ(afterWrite(s, a_to_h, 9, 2), WriteEffect::Unchanged);
  s.addReach(2, 1, next_);
  s.addReach(3, 1, next_);
  keepReachesAcrossWrite(s, 2, next_, kNull);
  EXPECT_FALSE(s.reaches(2, 1, next_));
  EXPECT_TRUE(s.reaches(3, 1, next_));
}

TEST_F(ReachTest, StepRuleAndCollectionKeepWhatWasKnown) {
  // h ⇝+ h with h.next = z shown: z ⇝ h.
  State s = frameWith({1});
  s.put(1, node(2));
  s.put(2, abstractNode());
  s.addReach(1, 1, next_);
  saturateReaches(s);
  EXPECT_TRUE(s.reaches(2, 1, next_));
  // p ⇝ x, x.next = q and x collected: p ⇝ q.
  State t = frameWith({1, 3});
  t.put(1, abstractNode());
  t.put(2, node(3));  // x, unreachable
  t.put(3, abstractNode());
  t.addReach(1, 2, next_);
  t.collectGarbage();
  EXPECT_EQ(t.find(2), nullptr);
  EXPECT_TRUE(t.reaches(1, 3, next_)) << toString(t, types_);
  // ... and p ⇝ x, x.next = p closes a cycle through p.
  State u = frameWith({1});
  u.put(1, abstractNode());
  u.put(2, node(1));
  u.addReach(1, 2, next_);
  u.collectGarbage();
  EXPECT_TRUE(u.reaches(1, 1, next_)) << toString(u, types_);
  // Equality refinement a := b turns a ⇝ b into a path of length 0, not a cycle.
  State v = frameWith({1, 2});
  v.put(1, abstractNode());
  v.put(2, abstractNode());
  v.addReach(1, 2, next_);
  v.replace(1, 2);
  EXPECT_FALSE(v.reaches(2, 2, next_));
}

TEST_F(ReachTest, ShownFieldsContradictingAPredicateRuleAStateOut) {
  State s = frameWith({1, 2});
  s.put(1, node(1));  // e.next = e
  s.put(2, abstractNode());
  s.addReach(1, 2, next_);
  EXPECT_TRUE(reachContradiction(s));
  s.addMaybeEqual(1, 2);  // e may be h itself: no contradiction
  EXPECT_FALSE(reachContradiction(s));
  State t = frameWith({1, 2});
  t.put(1, node(kNull));  // the path ends at null before h
  t.put(2, node(kNull));
  t.addReach(1, 2, next_);
  EXPECT_TRUE(reachContradiction(t));
}

TEST_F(ReachTest, MergeKeepsWhatBothStatesEntail) {
  // Rings of one and two nodes, e = h.next: e ⇝ h in both.
  State one = frameWith({1, 1});
  one.put(1, node(1));
  State two = frameWith({1, 2});
  two.put(1, node(2));
  two.put(2, node(1));
  RefAllocator alloc(100);
  State m = merge(one, two, types_, alloc);
  EXPECT_TRUE(isInstance(one, m, types_));
  EXPECT_TRUE(isInstance(two, m, types_));
  Ref h = m.top().locals[0], e = m.top().locals[1];
  ASSERT_TRUE(m.reaches(e, h, next_)) << toString(m, types_);
  // A panhandle (e on a cycle that misses h) has the shapes but not the
  // fact: an instance only of the state without it.
  State pan = frameWith({1, 2});
  pan.put(1, node(2));
  pan.put(2, node(2));
  EXPECT_FALSE(isInstance(pan, m, types_));
  State forgetful = m;
  forgetful.preds.reaches.clear();
  EXPECT_TRUE(isInstance(pan, forgetful, types_)) << toString(forgetful, types_);
}

// The instance check derives what the step rule derives (a review found a
// merge result that stated b ⇝ null, which the merged states entail only
// through a's path: a ⇝ c, c.next = null, a.next = b shown, a not null).
TEST_F(ReachTest, InstanceCheckDerivesWhatTheStepRuleDerives) {
  // s: locals (a, c); a.next = b (abstract, may lie on a cycle), a ⇝ c,
  // c.next = null; a and c may be the same object.
  State s = frameWith({1, 3});
  s.put(1, node(2));
  s.put(2, abstractNode());
  s.addCyclic(2, {next_});
  s.setMaybeExisting(2, true);
  s.put(3, node(kNull));
  s.addMaybeEqual(1, 3);
  s.addReach(1, 3, next_);
  EXPECT_TRUE(reachedAlong(s, 1, next_).count(kNull));
  EXPECT_FALSE(reachedAlong(s, 2, next_).count(kNull)) << "not found from b alone";
  // t: the same positions, stating b ⇝ null.
  State t = s;
  t.addReach(2, kNull, next_);
  EXPECT_TRUE(isInstance(s, t, types_)) << "s entails b ⇝ null: a is an object whose path ends at null";
  // Without a's path to c the fact is not entailed.
  State u = s;
  u.preds.reaches.clear();
  State v = u;
  v.addReach(2, kNull, next_);
  EXPECT_FALSE(isInstance(u, v, types_));
}

}  // namespace
}  // namespace jhalt::state
