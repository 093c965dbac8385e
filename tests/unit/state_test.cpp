// Abstract states: intervals, types, refinements, merge and instance check
// (thesis 002 Def. 1.10, Ch. 2; paper 000 Def. 9 (g)–(m)).
#include <gtest/gtest.h>

#include "jhalt/state/interval.h"
#include "jhalt/state/merge.h"
#include "jhalt/state/print.h"
#include "jhalt/state/refine.h"
#include "jhalt/state/state.h"
#include "state_fixture.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::state {
namespace {

TEST(Interval, Arithmetic) {
  Interval a = Interval::range(1, 5), b = Interval::range(-2, 3);
  EXPECT_EQ(a.add(b), Interval::range(-1, 8));
  EXPECT_EQ(a.sub(b), Interval::range(-2, 7));
  EXPECT_EQ(a.mul(b), Interval::range(-10, 15));
  EXPECT_EQ(Interval::atLeast(0).add(Interval::point(1)), Interval::atLeast(1));
  EXPECT_EQ(Interval::atLeast(0).neg(), Interval::atMost(0));
  EXPECT_EQ(Interval::atLeast(2).mul(Interval::atLeast(3)), Interval::atLeast(6));
  EXPECT_EQ(Interval::atLeast(0).mul(Interval::atMost(0)), Interval::atMost(0));
  EXPECT_EQ(Interval::all().mul(Interval::point(0)), Interval::point(0));
  EXPECT_EQ(Interval::range(7, 9).div(Interval::point(2)), Interval::range(3, 4));
  EXPECT_EQ(Interval::range(-7, 9).div(Interval::point(2)), Interval::range(-3, 4));
  EXPECT_EQ(Interval::range(-7, -1).div(Interval::point(-2)), Interval::range(0, 3));
  EXPECT_EQ(Interval::atLeast(0).div(Interval::atLeast(1)), Interval::atLeast(0));
  // Remainders: sign of the dividend, magnitude below the divisor.
  EXPECT_EQ(Interval::atLeast(0).rem(Interval::point(2)), Interval::range(0, 1));
  EXPECT_EQ(Interval::all().rem(Interval::point(3)), Interval::range(-2, 2));
  EXPECT_EQ(Interval::range(0, 1).rem(Interval::point(10)), Interval::range(0, 1));
  EXPECT_EQ(Interval::range(-5, -1).rem(Interval::atLeast(1)), Interval::range(-5, 0));
  // Saturation: leaving int64 makes a bound infinite, never wrong.
  Interval big = Interval::point(Interval::kPlusInf - 1);
  EXPECT_FALSE(big.add(Interval::point(5)).finiteHi());
  EXPECT_TRUE(big.add(Interval::point(5)).contains(Interval::kPlusInf - 1));
}

TEST(Interval, LatticeOperations) {
  EXPECT_EQ(Interval::point(0).hull(Interval::range(5, 6)), Interval::range(0, 6));
  EXPECT_FALSE(Interval::range(0, 1).meet(Interval::range(2, 3)).has_value());
  EXPECT_EQ(*Interval::atLeast(0).meet(Interval::atMost(5)), Interval::range(0, 5));
  EXPECT_EQ(Interval::point(0).widen(Interval::range(0, 1)), Interval::atLeast(0));
  EXPECT_EQ(Interval::point(0).widen(Interval::range(-1, 0)), Interval::atMost(0));
  EXPECT_EQ(Interval::range(0, 5).widen(Interval::range(1, 4)), Interval::range(0, 5));
  EXPECT_EQ(Interval::ofType('B'), Interval::range(-128, 127));
  EXPECT_EQ(Interval::atLeast(1).str(), "[>=1]");
  EXPECT_EQ(Interval::point(-3).str(), "-3");
  EXPECT_EQ(Interval::all().str(), "Z");
}

class StateTest : public ::testing::Test {
 protected:
  StateTest() : cp_(options()), program_(cp_), types_(program_) {
    list_ = types_.intern("Hierarchy$Square");
    shape_ = types_.intern("Hierarchy$Shape");
    base_ = types_.intern("Hierarchy$Base");
    tri_ = types_.intern("Hierarchy$Triangle");
    next_ = types_.field("Hierarchy$Square", "next", "LHierarchy$Square;", false);
    other_ = types_.field("Hierarchy$Square", "other", "LHierarchy$Square;", false);
    val_ = types_.field("Hierarchy$Square", "side", "I", false);
  }
  static classpath::ClassPathOptions options() { return test::testClassPath(); }
  static State frameWith(std::vector<Ref> locals) { return test::frameWith(std::move(locals)); }
  HeapValue obj(std::vector<std::pair<FieldId, Ref>> fields = {}) {
    HeapValue v = HeapValue::object(types_.exactly(list_));
    for (auto& [f, r] : fields) v.setField(f, r);
    return v;
  }
  HeapValue abstractObj() { return HeapValue::object(types_.subtypesOf(list_)); }
  bool instance(const State& a, const State& b) { return isInstance(a, b, types_); }

  classpath::ClassPath cp_;
  program::Program program_;
  TypeSystem types_;
  TypeId list_, shape_, base_, tri_;
  FieldId next_, other_, val_;
};

TEST_F(StateTest, TypeSystemSubsets) {
  AbstractType shapes = types_.subtypesOf(shape_);
  EXPECT_TRUE(types_.contains(shapes, list_));
  EXPECT_TRUE(types_.isSubset(types_.exactly(list_), shapes));
  EXPECT_FALSE(types_.isSubset(shapes, types_.exactly(list_)));
  AbstractType not_square = types_.exclude(types_.subtypesOf(base_), list_);
  EXPECT_FALSE(types_.contains(not_square, list_));
  EXPECT_TRUE(types_.contains(not_square, tri_));
  EXPECT_TRUE(types_.noneSubtypeOf(not_square, list_));
  EXPECT_TRUE(types_.allSubtypesOf(types_.restrictTo(shapes, base_), base_));
  EXPECT_FALSE(types_.isSubset(shapes, not_square));
  EXPECT_TRUE(types_.isSubset(not_square, types_.subtypesOf(base_)));
}

TEST_F(StateTest, IntegerIntervalsAndEqualities) {
  State a = frameWith({1, 2});
  a.put(1, HeapValue::integer(Interval::point(0)));
  a.put(2, HeapValue::integer(Interval::point(5)));
  State b = frameWith({3, 4});
  b.put(3, HeapValue::integer(Interval::atLeast(0)));
  b.put(4, HeapValue::integer(Interval::atLeast(0)));
  EXPECT_TRUE(instance(a, b));
  EXPECT_FALSE(instance(b, a));
  // Def. 1.10(k)/paper Def. 9(g): one reference at two positions is the same
  // value; the abstract state may not identify values that differ.
  State same = frameWith({5, 5});
  same.put(5, HeapValue::integer(Interval::atLeast(0)));
  EXPECT_TRUE(instance(same, b));  // equal values are a special case
  EXPECT_FALSE(instance(b, same));
}

TEST_F(StateTest, NullObjectsAndMaybeExisting) {
  State null_state = frameWith({kNull});
  State exists = frameWith({1});
  exists.put(1, obj());
  State maybe = frameWith({2});
  maybe.put(2, abstractObj());
  maybe.setMaybeExisting(2, true);
  EXPECT_TRUE(instance(null_state, maybe));  // Def. 9(b)
  EXPECT_TRUE(instance(exists, maybe));
  EXPECT_FALSE(instance(maybe, exists));
  EXPECT_FALSE(instance(exists, null_state));
  RefAllocator alloc(100);
  State m = merge(null_state, exists, types_, alloc);
  EXPECT_TRUE(instance(null_state, m));
  EXPECT_TRUE(instance(exists, m));
  EXPECT_TRUE(m.maybeExisting(m.top().locals[0]));
}

TEST_F(StateTest, FieldsAndTypes) {
  State concrete = frameWith({1});
  concrete.put(1, obj({{val_, 2}, {next_, kNull}}));
  concrete.put(2, HeapValue::integer(Interval::point(7)));
  State partial = frameWith({3});
  HeapValue p = HeapValue::object(types_.subtypesOf(shape_));
  p.setField(val_, 4);
  partial.put(3, p);
  partial.put(4, HeapValue::integer(Interval::all()));
  EXPECT_TRUE(instance(concrete, partial));  // Def. 9(f): fewer fields, supertype
  EXPECT_FALSE(instance(partial, concrete));
}

TEST_F(StateTest, SharingNeedsPossibleEquality) {
  // Paper 000 Def. 9(h): s' has one object at two positions; s must have the
  // same reference there or r =? r'.
  State shared = frameWith({1, 1});
  shared.put(1, obj());
  State separate = frameWith({2, 3});
  separate.put(2, obj());
  separate.put(3, obj());
  EXPECT_FALSE(instance(shared, separate));
  separate.addMaybeEqual(2, 3);
  EXPECT_TRUE(instance(shared, separate));
  // (i): an existing =? must be kept.
  State unshared = frameWith({4, 5});
  unshared.put(4, obj());
  unshared.put(5, obj());
  EXPECT_TRUE(instance(unshared, separate));
  EXPECT_FALSE(instance(separate, unshared));
  RefAllocator alloc(100);
  State m = merge(shared, unshared, types_, alloc);
  EXPECT_TRUE(m.maybeEqual(m.top().locals[0], m.top().locals[1]));
  EXPECT_TRUE(instance(shared, m));
  EXPECT_TRUE(instance(unshared, m));
}

TEST_F(StateTest, UnrealizedSharingNeedsJoins) {
  // Def. 9(j): l0 = o1 with o1.next = o2, l1 = o2. In the abstract state o1's
  // next field is not represented, so o3 %$ o4 must allow the connection.
  State s1 = frameWith({1, 2});
  s1.put(1, obj({{next_, 2}}));
  s1.put(2, obj({{next_, kNull}}));
  State s2 = frameWith({3, 4});
  s2.put(3, abstractObj());
  s2.put(4, abstractObj());
  EXPECT_FALSE(instance(s1, s2));
  s2.addJoins(3, 4);
  EXPECT_TRUE(instance(s1, s2));
  RefAllocator alloc(100);
  State s3 = frameWith({5, 6});
  s3.put(5, abstractObj());
  s3.put(6, abstractObj());
  State m = merge(s1, s3, types_, alloc);
  EXPECT_TRUE(m.joins(m.top().locals[0], m.top().locals[1]));
  EXPECT_TRUE(instance(s1, m));
  EXPECT_TRUE(instance(s3, m));
}

TEST_F(StateTest, ShownSharingAboveAbstractTreesNeedsNoJoins) {
  // Def. 1.10(n), first case: o1.next and o1.other are the one object o2
  // in both states; below it s2 is abstract. The two paths from o1 meet at
  // one reference of s2, so o1 %$ o1 is not needed; below o2 there is a
  // tree.
  State s1 = frameWith({1});
  s1.put(1, obj({{next_, 2}, {other_, 2}}));
  s1.put(2, obj({{next_, 3}, {other_, kNull}}));
  s1.put(3, obj({{next_, kNull}, {other_, kNull}}));
  State s2 = frameWith({4});
  s2.put(4, obj({{next_, 5}, {other_, 5}}));
  s2.put(5, abstractObj());
  EXPECT_TRUE(instance(s1, s2));
  RefAllocator alloc(100);
  State m = merge(s1, s2, types_, alloc);
  Ref top = m.top().locals[0];
  EXPECT_FALSE(m.joins(top, top)) << toString(m, types_);
  EXPECT_EQ(m.at(top).field(next_), m.at(top).field(other_));
  // Two different abstract references there need o4 %$ o4 (or =?).
  State s3 = frameWith({6});
  s3.put(6, obj({{next_, 7}, {other_, 8}}));
  s3.put(7, abstractObj());
  s3.put(8, abstractObj());
  EXPECT_FALSE(instance(s1, s3));
}

TEST_F(StateTest, JoinsAndCyclicPredicatesArePreserved) {
  // Def. 9(k), (l).
  State s1 = frameWith({1, 2});
  s1.put(1, abstractObj());
  s1.put(2, abstractObj());
  s1.addJoins(1, 2);
  s1.addCyclic(1, {next_});
  State s2 = frameWith({3, 4});
  s2.put(3, abstractObj());
  s2.put(4, abstractObj());
  s2.addJoins(3, 4);
  EXPECT_FALSE(instance(s1, s2));  // the cycle is not allowed in s2
  s2.addCyclic(3, {next_});
  EXPECT_TRUE(instance(s1, s2));
  State s3 = s2;
  s3.addCyclic(3, {});  // ⟲∅ allows any cycle: more abstract
  EXPECT_TRUE(instance(s1, s3));
  EXPECT_FALSE(instance(s3, s1));
}

TEST_F(StateTest, CyclesNeedCyclicityAnnotations) {
  // Def. 9(m): o1.next = o1 is a cycle; an abstract state that does not
  // represent the field must allow non-tree shapes and cycles through `next`.
  State cyclic = frameWith({1});
  cyclic.put(1, obj({{next_, 1}}));
  State plain = frameWith({2});
  plain.put(2, abstractObj());
  EXPECT_FALSE(instance(cyclic, plain));
  plain.addJoins(2, 2);
  EXPECT_FALSE(instance(cyclic, plain));
  plain.addCyclic(2, {next_});
  EXPECT_TRUE(instance(cyclic, plain));
  // A realized cycle is an instance of itself and of its merge with a list.
  State acyclic = frameWith({3});
  acyclic.put(3, obj({{next_, kNull}}));
  RefAllocator alloc(100);
  State m = merge(cyclic, acyclic, types_, alloc);
  EXPECT_TRUE(instance(cyclic, m)) << toString(m, types_);
  EXPECT_TRUE(instance(acyclic, m));
  Ref r = m.top().locals[0];
  EXPECT_TRUE(m.joins(r, r) || m.at(r).field(next_) != kNone);
}

TEST_F(StateTest, MergeKeepsCommonListPrefix) {
  // Thesis Example 2.1 in small: lists of length 2 and 3 merge into a list
  // whose first element is known and whose tail may be null.
  State two = frameWith({1});
  two.put(1, obj({{next_, 2}}));
  two.put(2, obj({{next_, kNull}}));
  State three = frameWith({3});
  three.put(3, obj({{next_, 4}}));
  three.put(4, obj({{next_, 5}}));
  three.put(5, obj({{next_, kNull}}));
  RefAllocator alloc(100);
  State m = merge(two, three, types_, alloc);
  Ref head = m.top().locals[0];
  Ref second = m.at(head).field(next_);
  ASSERT_NE(second, kNone);
  Ref third = m.at(second).field(next_);
  ASSERT_NE(third, kNone);
  EXPECT_TRUE(m.maybeExisting(third));
  EXPECT_TRUE(instance(two, m));
  EXPECT_TRUE(instance(three, m));
  EXPECT_FALSE(instance(m, two));
  // Merging again with an instance changes nothing (up to renaming).
  State again = merge(two, m, types_, alloc);
  EXPECT_TRUE(instance(again, m));
  EXPECT_TRUE(instance(m, again));
}

TEST_F(StateTest, WideningGoesToInfinity) {
  State a = frameWith({1});
  a.put(1, HeapValue::integer(Interval::point(0)));
  State b = frameWith({2});
  b.put(2, HeapValue::integer(Interval::point(1)));
  RefAllocator alloc(100);
  MergeOptions widen;
  widen.widen = true;
  State hull = merge(a, b, types_, alloc);
  EXPECT_EQ(hull.intervalOf(hull.top().locals[0]), Interval::range(0, 1));
  State w = merge(b, a, types_, alloc, widen);  // s2 (a) is the earlier state
  EXPECT_EQ(w.intervalOf(w.top().locals[0]), Interval::atLeast(0));
}

TEST_F(StateTest, IntegerRefinementPartitions) {
  State s = frameWith({1});
  s.put(1, HeapValue::integer(Interval::atLeast(0)));
  auto parts = refineInteger(s, 1, {Interval::atMost(0), Interval::atLeast(1)});
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].intervalOf(1), Interval::point(0));
  EXPECT_EQ(parts[1].intervalOf(1), Interval::atLeast(1));
  for (const State& p : parts) EXPECT_TRUE(instance(p, s));
  EXPECT_EQ(refineInteger(s, 1, {Interval::atMost(-1), Interval::atLeast(0)}).size(), 1u);
}

TEST_F(StateTest, ExistenceRefinement) {
  State s = frameWith({1, 1});
  s.put(1, abstractObj());
  s.setMaybeExisting(1, true);
  auto parts = refineExistence(s, 1);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].top().locals[0], kNull);
  EXPECT_EQ(parts[0].top().locals[1], kNull);
  EXPECT_FALSE(parts[1].maybeExisting(1));
  EXPECT_TRUE(instance(parts[0], s));
  EXPECT_TRUE(instance(parts[1], s));
}

TEST_F(StateTest, TypeRefinement) {
  State s = frameWith({1});
  s.put(1, HeapValue::object(types_.subtypesOf(base_)));
  auto parts = refineType(s, 1, {types_.restrictTo(s.at(1).type, list_), types_.exclude(s.at(1).type, list_)});
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_TRUE(types_.allSubtypesOf(parts[0].at(1).type, list_));
  EXPECT_TRUE(types_.noneSubtypeOf(parts[1].at(1).type, list_));
  for (const State& p : parts) EXPECT_TRUE(instance(p, s));
}

TEST_F(StateTest, ArrayLengthRefinement) {
  State s = frameWith({1});
  s.put(1, HeapValue::object(types_.exactly(types_.intern("[I"))));
  RefAllocator alloc(100);
  State t = refineArrayLength(s, 1, alloc);
  ASSERT_EQ(t.at(1).kind, HeapValue::Kind::Array);
  EXPECT_EQ(t.intervalOf(t.at(1).length), Interval::atLeast(0));
  EXPECT_TRUE(instance(t, s));
}

TEST_F(StateTest, RealizationRefinementPropagatesPredicates) {
  // Thesis Fig. 1.23: realizing r1.next with r1 %$ r2, r1 %$ r1, r1 ⟲{next}.
  State s = frameWith({1, 2});
  s.put(1, abstractObj());
  s.put(2, obj({{next_, kNull}}));
  s.addJoins(1, 2);
  s.addJoins(1, 1);
  s.addCyclic(1, {next_});
  RefAllocator alloc(100);
  State t = realizeField(s, 1, next_, 'L', types_.subtypesOf(list_), false, alloc);
  Ref r3 = t.at(1).field(next_);
  ASSERT_NE(r3, kNone);
  EXPECT_TRUE(t.maybeExisting(r3));
  EXPECT_TRUE(t.joins(r3, 2));
  EXPECT_TRUE(t.maybeEqual(r3, 2));
  EXPECT_TRUE(t.maybeEqual(1, r3));
  EXPECT_TRUE(t.joins(r3, r3));
  ASSERT_NE(t.cyclic(r3), nullptr);
  EXPECT_TRUE(instance(t, s));
  // An int field gets any value of its type.
  State u = realizeField(s, 2, val_, 'I', {}, false, alloc);
  EXPECT_EQ(u.intervalOf(u.at(2).field(val_)), Interval::ofType('I'));
}

TEST_F(StateTest, RealizedFieldsAreNeverPossiblyEqualToObjectsOfOtherTypes) {
  // r1 %$ r2 and r1 %$ r3: r1.next (a Square) may share with both, but may
  // only be r2 (a Square), not r3 (a Triangle).
  State s = frameWith({1, 2, 3});
  s.put(1, abstractObj());
  s.put(2, obj());
  s.put(3, HeapValue::object(types_.exactly(tri_)));
  s.addJoins(1, 2);
  s.addJoins(1, 3);
  RefAllocator alloc(100);
  State t = realizeField(s, 1, next_, 'L', types_.subtypesOf(list_), false, alloc, false, &types_);
  Ref r4 = t.at(1).field(next_);
  EXPECT_TRUE(t.joins(r4, 2));
  EXPECT_TRUE(t.joins(r4, 3));
  EXPECT_TRUE(t.maybeEqual(r4, 2));
  EXPECT_FALSE(t.maybeEqual(r4, 3));
  EXPECT_TRUE(instance(t, s));
  // A field of an interface type may hold anything (the verifier does not
  // check interface types).
  State u = realizeField(s, 1, next_, 'L', types_.subtypesOf(shape_), false, alloc, false, &types_);
  EXPECT_TRUE(u.maybeEqual(u.at(1).field(next_), 3));
  // Which types may share an instance.
  EXPECT_FALSE(types_.mayOverlap(types_.subtypesOf(list_), types_.exactly(tri_)));
  EXPECT_TRUE(types_.mayOverlap(types_.subtypesOf(base_), types_.exactly(tri_)));
  EXPECT_TRUE(types_.mayOverlap(types_.subtypesOf(shape_), types_.subtypesOf(tri_)));
  EXPECT_FALSE(types_.mayOverlap(types_.exactly(base_), types_.exactly(tri_)));
}

TEST_F(StateTest, EqualityRefinement) {
  State s = frameWith({1, 2});
  s.put(1, obj({{val_, 3}}));
  s.put(2, HeapValue::object(types_.subtypesOf(shape_)));
  s.put(3, HeapValue::integer(Interval::point(4)));
  s.addMaybeEqual(1, 2);
  auto parts = refineEquality(s, 1, 2, types_);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_FALSE(parts[0].maybeEqual(1, 2));
  EXPECT_EQ(parts[1].top().locals[0], parts[1].top().locals[1]);
  for (const State& p : parts) EXPECT_TRUE(instance(p, s)) << toString(p, types_);
  // Objects of disjoint types cannot be the same object.
  State t = frameWith({1, 2});
  t.put(1, obj());
  t.put(2, HeapValue::object(types_.exactly(tri_)));
  t.addMaybeEqual(1, 2);
  EXPECT_EQ(refineEquality(t, 1, 2, types_).size(), 1u);
}

// root = {next: l}, t =? root, t =? l, l %$ t (t below l): the case t = l
// keeps no join (a tree below l has no two paths to one object); a case
// that closes the cycle root.next = root is impossible without ⟲.
TEST_F(StateTest, EqualityRefinementKeepsTreesTrees) {
  State s = frameWith({1, 3});
  s.put(1, obj({{next_, 2}}));
  s.put(2, abstractObj());
  s.put(3, abstractObj());
  s.addMaybeEqual(1, 3);
  s.addMaybeEqual(2, 3);
  s.addJoins(2, 3);
  auto with_l = refineEquality(s, 2, 3, types_);
  ASSERT_EQ(with_l.size(), 2u);
  const State& eq = with_l[1];
  EXPECT_EQ(eq.top().locals[1], eq.at(1).field(next_));
  EXPECT_TRUE(eq.preds.joins.empty()) << toString(eq, types_);
  EXPECT_TRUE(instance(eq, s));
  // t = root: root.next =? root no longer holds (Def. 1.10(l) needs it for
  // root and l themselves).
  auto with_root = refineEquality(s, 1, 3, types_);
  ASSERT_EQ(with_root.size(), 2u);
  EXPECT_FALSE(with_root[1].maybeEqual(1, 2)) << toString(with_root[1], types_);
  // l =? root: the case l = root is root.next = root, a cycle without
  // root ⟲ or root %$ root.
  State r = frameWith({1});
  r.put(1, obj({{next_, 2}}));
  r.put(2, abstractObj());
  r.addMaybeEqual(1, 2);
  EXPECT_EQ(refineEquality(r, 1, 2, types_).size(), 1u);
  // With root ⟲{next} and root %$ root the cycle is a possible shape.
  State c = r;
  c.addJoins(1, 1);
  c.addCyclic(1, {next_});
  EXPECT_EQ(refineEquality(c, 1, 2, types_).size(), 2u);
  // A join that may hide a non-tree shape below the references stays.
  State d = s;
  d.addJoins(2, 2);
  auto kept = refineEquality(d, 2, 3, types_);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_TRUE(kept[1].joins(2, 2));
}

// t =? root.next and t =? root.other do not make root.next =? root.other
// once t is one of them (Def. 1.10(l) needs =? for every pair).
TEST_F(StateTest, EqualityRefinementDropsPossibleEqualitiesOfOtherPairs) {
  State s = frameWith({1, 4});
  s.put(1, obj({{next_, 2}, {other_, 3}}));
  s.put(2, abstractObj());
  s.put(3, abstractObj());
  s.put(4, abstractObj());
  s.addMaybeEqual(2, 4);
  s.addMaybeEqual(3, 4);
  auto parts = refineEquality(s, 2, 4, types_);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_FALSE(parts[1].maybeEqual(2, 3)) << toString(parts[1], types_);
  // When the two were possibly equal already, they stay so.
  State t = s;
  t.addMaybeEqual(2, 3);
  auto both = refineEquality(t, 2, 4, types_);
  ASSERT_EQ(both.size(), 2u);
  EXPECT_TRUE(both[1].maybeEqual(2, 3));
}

// A join between two children of a tree node is implied by nothing: it
// stays unless the refinement shows both below one plain tree.
TEST_F(StateTest, JoinsOfATreesPartsAreDroppedOnlyBelowAPlainTree) {
  State s = frameWith({1, 4});
  s.put(1, obj({{next_, 2}, {other_, 3}}));
  s.put(2, abstractObj());
  s.put(3, abstractObj());
  s.put(4, abstractObj());
  s.addMaybeEqual(2, 4);
  s.addJoins(3, 4);  // t may be below root.other
  auto parts = refineEquality(s, 2, 4, types_);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_FALSE(parts[1].joins(2, 3)) << toString(parts[1], types_);
  State shared = s;
  shared.addJoins(1, 1);  // root may have a non-tree shape below it
  auto kept = refineEquality(shared, 2, 4, types_);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_TRUE(kept[1].joins(2, 3));
}

TEST_F(StateTest, GarbageCollectionAndReplace) {
  State s = frameWith({1});
  s.put(1, obj({{next_, 2}}));
  s.put(2, obj());
  s.put(9, obj());  // unreachable
  s.addJoins(9, 1);
  s.collectGarbage();
  EXPECT_EQ(s.find(9), nullptr);
  EXPECT_TRUE(s.preds.joins.empty());
  s.replace(2, kNull);
  EXPECT_EQ(s.at(1).field(next_), kNull);
  EXPECT_EQ(s.find(2), nullptr);
}

}  // namespace
}  // namespace jhalt::state
