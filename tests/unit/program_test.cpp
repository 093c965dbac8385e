#include <filesystem>
#include <fstream>
#include <optional>

#include <gtest/gtest.h>

#include "jhalt/classfile/parser.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/program/call_site.h"
#include "jhalt/program/field_values.h"
#include "jhalt/program/program.h"
#include "jhalt/program/targets.h"
#include "jhalt/util/error.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::program {
namespace {

class ProgramTest : public ::testing::Test {
 protected:
  ProgramTest() : cp_(options()), program_(cp_) {}
  static classpath::ClassPathOptions options() { return test::testClassPath(); }
  const ClassInfo& cls(std::string_view name) { return program_.get(name); }

  classpath::ClassPath cp_;
  Program program_;
};

TEST_F(ProgramTest, LinksSupertypes) {
  const ClassInfo& square = cls("Hierarchy$Square");
  ASSERT_NE(square.super, nullptr);
  EXPECT_EQ(square.super->name(), "Hierarchy$Base");
  EXPECT_EQ(square.super->super->name(), "java/lang/Object");
  EXPECT_EQ(square.super->super->super, nullptr);
  ASSERT_EQ(square.interfaces.size(), 1u);
  EXPECT_EQ(square.interfaces[0]->name(), "Hierarchy$Named");
  EXPECT_EQ(program_.find("NoSuch"), nullptr);
  EXPECT_THROW(program_.get("NoSuch"), InputError);
}

TEST_F(ProgramTest, Subtyping) {
  const ClassInfo& square = cls("Hierarchy$Square");
  EXPECT_TRUE(program_.isSubtypeOf(square, cls("Hierarchy$Shape")));
  EXPECT_TRUE(program_.isSubtypeOf(square, cls("Hierarchy$Polygon")));
  EXPECT_FALSE(program_.isSubtypeOf(cls("Hierarchy$Triangle"), cls("Hierarchy$Named")));
  EXPECT_TRUE(program_.isAssignable("Hierarchy$Square", "java/lang/Object"));
  EXPECT_TRUE(program_.isAssignable("Hierarchy$Shape", "java/lang/Object"));
  EXPECT_FALSE(program_.isAssignable("Hierarchy$Shape", "Hierarchy$Square"));
  EXPECT_TRUE(program_.isAssignable("[LHierarchy$Square;", "[LHierarchy$Shape;"));
  EXPECT_TRUE(program_.isAssignable("[[I", "[Ljava/lang/Object;"));
  EXPECT_TRUE(program_.isAssignable("[I", "java/lang/Cloneable"));
  EXPECT_TRUE(program_.isAssignable("[I", "java/io/Serializable"));
  EXPECT_FALSE(program_.isAssignable("[I", "[J"));
  EXPECT_FALSE(program_.isAssignable("[I", "[Ljava/lang/Object;"));
  EXPECT_FALSE(program_.isAssignable("java/lang/Object", "[I"));
}

TEST_F(ProgramTest, OverridingIsTransitiveThroughAPublicMethod) {
  // JVMS §5.4.5: ovr.b.C.m overrides the package-private ovr.a.A.m through
  // the public ovr.a.B.m (regression: selection picked B.m).
  const MethodInfo* m = program_.resolveMethod(cls("ovr/a/A"), "m", "()I", false);
  ASSERT_NE(m, nullptr);
  const MethodInfo* sel = program_.selectMethod(cls("ovr/b/C"), *m);
  ASSERT_NE(sel, nullptr);
  EXPECT_EQ(sel->qualifiedName(), "ovr/b/C.m()I");
  EXPECT_EQ(program_.selectMethod(cls("ovr/a/B"), *m)->qualifiedName(), "ovr/a/B.m()I");
}

TEST_F(ProgramTest, ResolvesAndSelectsVirtualMethods) {
  const ClassInfo& shape = cls("Hierarchy$Shape");
  const MethodInfo* area = program_.resolveMethod(shape, "area", "()I", true);
  ASSERT_NE(area, nullptr);
  EXPECT_EQ(area->owner().name(), "Hierarchy$Shape");
  const MethodInfo* sel = program_.selectMethod(cls("Hierarchy$Square"), *area);
  ASSERT_NE(sel, nullptr);
  EXPECT_EQ(sel->qualifiedName(), "Hierarchy$Square.area()I");
  sel = program_.selectMethod(cls("Hierarchy$Triangle"), *area);
  ASSERT_NE(sel, nullptr);
  EXPECT_EQ(sel->qualifiedName(), "Hierarchy$Base.area()I");
  // Default methods: Triangle inherits Shape.name, Square overrides it.
  const MethodInfo* name = program_.resolveMethod(shape, "name", "()Ljava/lang/String;", true);
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(program_.selectMethod(cls("Hierarchy$Triangle"), *name)->qualifiedName(),
            "Hierarchy$Shape.name()Ljava/lang/String;");
  EXPECT_EQ(program_.selectMethod(cls("Hierarchy$Square"), *name)->qualifiedName(),
            "Hierarchy$Square.name()Ljava/lang/String;");
  // A class resolves a method it inherits from an interface default.
  const MethodInfo* corners = program_.resolveMethod(cls("Hierarchy$Triangle"), "corners", "()I", false);
  ASSERT_NE(corners, nullptr);
  EXPECT_EQ(corners->owner().name(), "Hierarchy$Triangle");
  const MethodInfo* base_corners = program_.resolveMethod(cls("Hierarchy$Base"), "corners", "()I", false);
  ASSERT_NE(base_corners, nullptr);
  EXPECT_EQ(base_corners->owner().name(), "Hierarchy$Polygon");
  // Interface methods include Object's public methods.
  EXPECT_NE(program_.resolveMethod(shape, "hashCode", "()I", true), nullptr);
  // Wrong kind of owner.
  EXPECT_EQ(program_.resolveMethod(shape, "area", "()I", false), nullptr);
  EXPECT_EQ(program_.resolveMethod(cls("Hierarchy$Square"), "nope", "()V", false), nullptr);
}

TEST_F(ProgramTest, SelectsSpecialMethods) {
  const ClassInfo& square = cls("Hierarchy$Square");
  const ClassInfo& base = cls("Hierarchy$Base");
  const MethodInfo* area = program_.resolveMethod(base, "area", "()I", false);
  ASSERT_NE(area, nullptr);
  const MethodInfo* sel = program_.selectSpecial(square, base, *area);  // super.area()
  ASSERT_NE(sel, nullptr);
  EXPECT_EQ(sel->qualifiedName(), "Hierarchy$Base.area()I");
  const MethodInfo* secret = program_.resolveMethod(base, "secret", "()I", false);
  ASSERT_NE(secret, nullptr);
  EXPECT_TRUE(secret->isPrivate());
  EXPECT_EQ(program_.selectSpecial(base, base, *secret), secret);
  EXPECT_EQ(program_.selectMethod(square, *secret), secret);  // private: no overriding
}

// The offset of access_flags in a class file (after the constant pool).
size_t accessFlagsOffset(const std::vector<uint8_t>& b) {
  size_t pos = 10, count = static_cast<size_t>(b[8] << 8 | b[9]);
  for (size_t i = 1; i < count; ++i) {
    uint8_t tag = b[pos];
    if (tag == 1) {
      pos += 3 + static_cast<size_t>(b[pos + 1] << 8 | b[pos + 2]);
    } else if (tag == 5 || tag == 6) {
      pos += 9;
      ++i;
    } else if (tag == 7 || tag == 8 || tag == 16 || tag == 19 || tag == 20) {
      pos += 3;
    } else if (tag == 15) {
      pos += 4;
    } else {
      pos += 5;
    }
  }
  return pos;
}

TEST(ProgramSuper, ACallToASuperclassMethodStartsAtTheDirectSuperclassWhateverACC_SUPERSays) {
  // JVMS §4.1: since Java SE 8 the JVM takes ACC_SUPER as set in every class
  // file (a review's wrong YES ran A.m where the JVM runs B.m).
  auto bytes = classpath::openClassSource(test::kClasses)->read("SuperChain$C");
  ASSERT_TRUE(bytes);
  size_t at = accessFlagsOffset(*bytes);
  ASSERT_TRUE((*bytes)[at + 1] & 0x20);
  (*bytes)[at + 1] &= static_cast<uint8_t>(~0x20);  // clear ACC_SUPER
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "jhalt_acc_super";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "SuperChain$C.class", std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  classpath::ClassPath cp(test::testClassPath({dir.string(), test::kClasses}));
  Program p(cp);
  const ClassInfo& c = p.get("SuperChain$C");
  EXPECT_FALSE(c.file().access & classfile::kSuper);
  const ClassInfo& a = p.get("SuperChain$A");
  const MethodInfo* m = p.resolveMethod(a, "m", "()I", false);
  ASSERT_NE(m, nullptr);
  const MethodInfo* sel = p.selectSpecial(c, a, *m);  // invokespecial SuperChain$A.m from C
  ASSERT_NE(sel, nullptr);
  EXPECT_EQ(sel->qualifiedName(), "SuperChain$B.m()I");
  std::filesystem::remove_all(dir);
}

TEST_F(ProgramTest, ResolvesFields) {
  const ClassInfo& square = cls("Hierarchy$Square");
  auto created = program_.resolveField(square, "created", "I");
  ASSERT_TRUE(created);
  EXPECT_EQ(created->owner->name(), "Hierarchy$Base");
  auto side = program_.resolveField(square, "side", "I");
  ASSERT_TRUE(side);
  EXPECT_EQ(side->owner, &square);
  EXPECT_FALSE(program_.resolveField(square, "side", "J"));
}

TEST_F(ProgramTest, InitializationOrder) {
  const ClassInfo& square = cls("Hierarchy$Square");
  std::vector<std::string> order;
  for (const ClassInfo* c : program_.initializationOrder(square)) order.emplace_back(c->name());
  // JVMS §5.5: superclass first; superinterfaces with default methods, their
  // own superinterfaces first; Named declares no default and is skipped.
  std::vector<std::string> expected = {"java/lang/Object", "Hierarchy$Shape", "Hierarchy$Polygon",
                                       "Hierarchy$Base", "Hierarchy$Square"};
  EXPECT_EQ(order, expected);
  EXPECT_NE(square.classInitializer(), nullptr);
  EXPECT_EQ(cls("Hierarchy$Triangle").classInitializer(), nullptr);
  EXPECT_EQ(program_.initializationOrder(cls("Hierarchy$Polygon")).size(), 1u);
}

TEST_F(ProgramTest, MethodCodeIsDecodedOnDemand) {
  const ClassInfo& loop = cls("Loop");
  const MethodInfo* main = loop.declaredMethod("main", "([Ljava/lang/String;)V");
  ASSERT_NE(main, nullptr);
  const MethodCode& code = main->code();
  EXPECT_EQ(code.bytecode.size(), 17u);
  EXPECT_EQ(code.loops.size(), 1u);
  EXPECT_EQ(code.line(0), 5);
  EXPECT_EQ(&main->code(), &code);
}

TEST_F(ProgramTest, DescribesInvokeDynamicCallSites) {
  const ClassInfo& lambdas = cls("Lambdas");
  const MethodInfo* main = lambdas.declaredMethod("main", "([Ljava/lang/String;)V");
  ASSERT_NE(main, nullptr);
  int concat = 0, lambda = 0;
  bool saw_method_ref = false, saw_capture = false;
  for (const auto& insn : main->code().bytecode.instructions()) {
    if (insn.family() != bytecode::Family::Invoke ||
        static_cast<bytecode::InvokeKind>(insn.info().sub) != bytecode::InvokeKind::Dynamic)
      continue;
    CallSite site = describeCallSite(lambdas.file(), static_cast<uint16_t>(insn.operand));
    if (site.kind == CallSite::Kind::StringConcat) {
      ++concat;
      EXPECT_NE(site.recipe.find('\1'), std::string::npos);
      if (site.recipe == "result \1!") {
        EXPECT_TRUE(site.constants.empty());
      }
    } else if (site.kind == CallSite::Kind::Lambda) {
      ++lambda;
      if (site.impl.name == "twice") saw_method_ref = site.interface_type == "java/util/function/IntUnaryOperator";
      if (site.interface_type == "java/util/function/IntUnaryOperator" && site.impl.name != "twice")
        saw_capture = site.descriptor == "(I)Ljava/util/function/IntUnaryOperator;";
      EXPECT_FALSE(site.summary().empty());
    }
  }
  EXPECT_EQ(concat, 1);
  EXPECT_EQ(lambda, 4);
  EXPECT_TRUE(saw_method_ref);
  EXPECT_TRUE(saw_capture);
}

// The values a program stores in its fields (field_values.h), on one test
// program's jar at a time (its classes are the application).
std::map<std::string, std::vector<std::string>, std::less<>> storedValuesOf(const std::string& program) {
  classpath::ClassPath cp(test::testClassPath({test::kJars + "/" + program + ".jar"}));
  Program p(cp);
  FieldValues v = storedFieldValues(p, applicationClasses(p));
  EXPECT_EQ(v.why_not, "");
  EXPECT_GT(v.steps, 0u);
  return v.known;
}

// The classes the analysis finds for `field` of class `program$holder` (all
// names relative to the test program), or nullopt when it may hold anything.
std::optional<std::vector<std::string>> stored(const std::string& program, const std::string& holder,
                                               const std::string& field) {
  auto known = storedValuesOf(program);
  auto it = known.find(program + "$" + holder + "." + field + ":L" + program + "$Node;");
  if (it == known.end()) return std::nullopt;
  std::vector<std::string> out;
  for (const std::string& c : it->second) out.push_back(c.substr(c.find('$') + 1));
  return out;
}

using Classes = std::vector<std::string>;

TEST(FieldValues, AFieldHoldsTheClassesStoredIntoIt) {
  // Through the constructor's parameter, from main's local (a loop merge).
  EXPECT_EQ(stored("TermStoredSubclass", "Internal", "next"), (Classes{"Internal", "Nil"}));
}

TEST(FieldValues, ArrayElementsAndInterfaceCallsFollowTheClosedWorld) {
  // An element of a Node[] is any instantiable application subclass of Node
  // (the array store check), Div included.
  EXPECT_EQ(stored("TermStoredSubclassViaArray", "Internal", "next"), (Classes{"Div", "Internal", "Nil"}));
  // A call of an application interface no lambda implements runs the
  // application's implementations: Holder.put gets the Div.
  EXPECT_EQ(stored("TermStoredSubclassViaInterface", "Holder", "held"), (Classes{"Div", "Nil"}));
  // An interface a lambda implements has callers and results the analysis
  // does not know: Maker.make may return the lambda's Div.
  EXPECT_EQ(stored("TermStoredSubclassViaLambda", "Holder", "held"), std::nullopt);
}

TEST(FieldValues, SerializationHooksTheProgramNeverCallsAreLeftOut) {
  // Holder.readObject stores a Div; only deserialization runs it, a library
  // call the SEG evaluator counts (the termination engine then does without
  // the analysis).
  EXPECT_EQ(stored("TermStoredSubclassViaDeserialization", "Holder", "held"), (Classes{"Nil"}));
}

TEST(FieldValues, AnInheritedImplementationOfALibraryMethodTakesAnyArgument) {
  // Setter.compare, inherited by a Comparator, is called back by library code.
  EXPECT_EQ(stored("TermStoredSubclassViaComparator", "Internal", "next"), std::nullopt);
}

TEST(FieldValues, ReflectionIsNotSeen) {
  // The reflective write is a library call: the analysis knows only the
  // putfield of the initializer (the SEG evaluator counts the call, and the
  // termination engine then does without the analysis).
  EXPECT_EQ(stored("TermStoredSubclassViaReflection", "Holder", "held"), (Classes{"Nil"}));
}

}  // namespace
}  // namespace jhalt::program
