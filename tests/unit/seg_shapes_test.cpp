// Shapes of the shown part of a state and reachability by types, which the
// write predicates (thesis 002, Def. 1.43) are decided on (src/seg/shapes.h).
#include <gtest/gtest.h>

#include "jhalt/program/program.h"
#include "jhalt/state/state.h"
#include "shapes.h"
#include "state_fixture.h"
#include "test_classpath.h"

namespace jhalt::seg::detail {
namespace {

using state::HeapValue;
using state::kNull;

class ShapesTest : public ::testing::Test {
 protected:
  ShapesTest() : cp_(test::testClassPath()), program_(cp_), types_(program_) {
    node_ = types_.intern("TermDoublyLinkedRec");
    next_ = types_.field("TermDoublyLinkedRec", "next", "LTermDoublyLinkedRec;", false);
    prev_ = types_.field("TermDoublyLinkedRec", "prev", "LTermDoublyLinkedRec;", false);
  }
  HeapValue node(Ref next, Ref prev) {
    HeapValue v = HeapValue::object(types_.exactly(node_));
    v.setField(next_, next);
    v.setField(prev_, prev);
    return v;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::TypeId node_;
  state::FieldId next_, prev_;
};

TEST_F(ShapesTest, CycleFieldsAreThoseOnEveryCycle) {
  // a <-> b through next and prev: every cycle uses both.
  State s = test::frameWith({1});
  s.put(1, node(2, kNull));
  s.put(2, node(kNull, 1));
  EXPECT_TRUE(explicitNonTree(s, 1));
  EXPECT_EQ(shownCycleFields(s, 1), (std::vector<state::FieldId>{std::min(next_, prev_), std::max(next_, prev_)}));
  // A second cycle of next alone: only next is on every cycle.
  s.put(2, node(2, 1));
  EXPECT_EQ(shownCycleFields(s, 1), (std::vector<state::FieldId>{next_}));
  // Sharing without a cycle (a.next = a.prev = c) is no cycle.
  State t = test::frameWith({1});
  t.put(1, node(3, 3));
  t.put(3, node(kNull, kNull));
  EXPECT_TRUE(explicitNonTree(t, 1));
  EXPECT_FALSE(shownCycleFields(t, 1).has_value());
  EXPECT_FALSE(explicitCycle(t, 1));
}

// A write `to.v = from` closes cycles that use v and every field all paths
// from `from` to `to` use: cur.prev = old, then old.next = cur closes
// cycles of next and prev (a doubly linked list), unless another path
// (here through an abstract object's predicate) avoids prev.
TEST_F(ShapesTest, AWriteClosesCyclesOfTheFieldsOnAllPaths) {
  TypeReach reach(types_);
  State s = test::frameWith({1, 2});
  s.put(1, node(kNull, 2));  // cur: next null, prev old
  s.put(2, HeapValue::object(types_.exactly(node_)));  // old: abstract
  EXPECT_EQ(reach.fieldsOnAllPaths(s, 1, 2), (std::vector<state::FieldId>{prev_}));
  EXPECT_TRUE(reach.fieldsOnAllPaths(s, 2, 1).empty()) << "no path at all";
  s.put(3, HeapValue::object(types_.exactly(node_)));
  s.put(1, node(3, 2));
  s.addJoins(3, 2);  // 3 may reach 2 by a path of unknown fields
  EXPECT_TRUE(reach.fieldsOnAllPaths(s, 1, 2).empty());
}

// An object whose every reference field is shown reaches others only
// through them: its own `%$` with an object adds no path.
TEST_F(ShapesTest, AnObjectShownCompletelyReachesThroughItsFieldsOnly) {
  TypeReach reach(types_);
  State s = test::frameWith({1, 4});
  s.put(1, node(kNull, kNull));
  s.put(4, HeapValue::object(types_.exactly(node_)));
  s.addJoins(1, 4);
  EXPECT_TRUE(reach.shownCompletely(s, 1));
  EXPECT_FALSE(reach.pathsFrom(s, 1).count(4));
  // Through an abstract successor the predicate is followed.
  s.put(5, HeapValue::object(types_.exactly(node_)));
  s.put(1, node(5, kNull));
  s.addJoins(5, 4);
  EXPECT_FALSE(reach.shownCompletely(s, 5));
  EXPECT_TRUE(reach.pathsFrom(s, 1).count(4));
}

// The cycles reached from an object (for a copy known by its type only):
// the fields of its shown cycles and of the `⟲` on its shown region; none
// for mere sharing; any (∅) when an object there may be another.
TEST_F(ShapesTest, CyclesReachedKeepTheirFields) {
  State s = test::frameWith({1});
  s.put(1, node(2, kNull));
  s.put(2, node(kNull, 1));
  EXPECT_EQ(cyclesReached(s, 1), (std::vector<state::FieldId>{std::min(next_, prev_), std::max(next_, prev_)}));
  State t = test::frameWith({1});
  t.put(1, node(3, kNull));
  t.put(3, HeapValue::object(types_.exactly(node_)));
  t.addJoins(3, 3);
  EXPECT_FALSE(cyclesReached(t, 1).has_value()) << "sharing is no cycle";
  t.addCyclic(3, {next_, prev_});
  EXPECT_EQ(cyclesReached(t, 1), (std::vector<state::FieldId>{std::min(next_, prev_), std::max(next_, prev_)}));
  t.put(4, HeapValue::object(types_.exactly(node_)));
  t.addMaybeEqual(3, 4);
  EXPECT_EQ(cyclesReached(t, 1), std::vector<state::FieldId>{});
}

TEST_F(ShapesTest, TypesDecideWhatMayReachWhat) {
  TypeReach reach(types_);
  State s = test::frameWith({1, 2, 3, 4});
  s.put(1, HeapValue::object(types_.exactly(types_.intern("java/lang/String"))));
  s.put(2, HeapValue::object(types_.exactly(node_)));
  s.put(3, HeapValue::object(types_.subtypesOf(types_.intern("java/lang/Object"))));
  s.put(4, HeapValue::object(types_.exactly(node_)));
  // A String holds characters only; a node holds nodes.
  EXPECT_TRUE(reach.cannotReach(s, 1, 2));
  EXPECT_FALSE(reach.cannotReach(s, 2, 4));
  EXPECT_TRUE(reach.cannotReach(s, 2, 1));
  // Any object at all may reach anything; anything may reach an Object.
  EXPECT_FALSE(reach.cannotReach(s, 3, 2));
  EXPECT_FALSE(reach.cannotReach(s, 2, 3));
  // The hop of a predicate is followed only where it may be a path.
  s.addJoins(1, 4);
  EXPECT_FALSE(reach.pathsFrom(s, 1).count(4));
  EXPECT_TRUE(leadsTo(s, 1).count(4));
  s.addJoins(2, 4);
  EXPECT_TRUE(reach.pathsFrom(s, 2).count(4));
}

// An array is reached only through a field or element of an array type it
// may have (covariantly): a node reaches no array; an Object[] may hold a
// String[]; a String[] holds Strings, which hold no array of nodes.
TEST_F(ShapesTest, ArraysAreReachedThroughArrayTypedFieldsOnly) {
  TypeReach reach(types_);
  auto array = [&](std::string_view t) {
    HeapValue v = HeapValue::object(types_.exactly(types_.intern(t)));
    v.kind = HeapValue::Kind::Array;
    return v;
  };
  State s = test::frameWith({1, 2, 3, 4, 5});
  s.put(1, HeapValue::object(types_.exactly(node_)));
  s.put(2, array("[LTermDoublyLinkedRec;"));
  s.put(3, array("[Ljava/lang/Object;"));
  s.put(4, array("[Ljava/lang/String;"));
  s.put(5, array("[[Ljava/lang/String;"));
  EXPECT_TRUE(reach.cannotReach(s, 1, 2)) << "a node's fields are nodes";
  EXPECT_FALSE(reach.cannotReach(s, 3, 4)) << "an Object[] may hold a String[]";
  EXPECT_TRUE(reach.cannotReach(s, 4, 2)) << "Strings hold no nodes";
  EXPECT_FALSE(reach.cannotReach(s, 5, 4)) << "a String[][] holds String[]s";
}

}  // namespace
}  // namespace jhalt::seg::detail
