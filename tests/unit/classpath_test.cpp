#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "jhalt/classfile/parser.h"
#include "jhalt/classpath/class_path.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/util/error.h"
#include "test_support.h"

namespace jhalt::classpath {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

TEST(ClassSource, DirectoryListsAndReadsClasses) {
  auto src = openClassSource(test::kClasses);
  auto names = src->classNames();
  EXPECT_TRUE(contains(names, "Loop"));
  EXPECT_TRUE(contains(names, "Hierarchy$Square"));
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  auto bytes = src->read("Loop");
  ASSERT_TRUE(bytes);
  EXPECT_EQ((*bytes)[0], 0xCA);
  EXPECT_FALSE(src->read("NoSuchClass"));
  EXPECT_EQ(src->location("Loop"), test::kClasses + "/Loop.class");
}

TEST(ClassSource, JarWithMainClass) {
  std::string jar = test::kJars + "/Loop.jar";
  auto src = openClassSource(jar);
  EXPECT_EQ(src->classNames(), std::vector<std::string>{"Loop"});
  EXPECT_TRUE(src->read("Loop"));
  EXPECT_EQ(src->location("Loop"), jar + "!/Loop.class");
  EXPECT_EQ(jarMainClass(jar), "Loop");
}

TEST(ClassSource, JmodOfTheJdk) {
  auto src = openClassSource(test::kJavaBase);
  auto names = src->classNames();
  EXPECT_GT(names.size(), 5000u);
  EXPECT_TRUE(contains(names, "java/lang/Object"));
  EXPECT_FALSE(contains(names, "module-info") && false);
  auto bytes = src->read("java/lang/String");
  ASSERT_TRUE(bytes);
  EXPECT_GT(bytes->size(), 1000u);
  EXPECT_EQ(src->location("java/lang/String"), test::kJavaBase + "!/classes/java/lang/String.class");
}

TEST(ClassSource, SingleClassFileNamesItsClass) {
  auto src = openClassSource(test::kClasses + "/Hierarchy$Square.class");
  EXPECT_EQ(src->classNames(), std::vector<std::string>{"Hierarchy$Square"});
}

TEST(ClassSource, ReportsBadPaths) {
  EXPECT_THROW(openClassSource("/no/such/path.jar"), InputError);
  try {
    openClassSource(test::kCorpus + "/not_a_zip.jar");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), test::kCorpus + "/not_a_zip.jar");
  }
  EXPECT_THROW(openJmod(test::kJars + "/Loop.jar"), InputError);  // no jmod header
  EXPECT_THROW(openClassSource(test::kCorpus + "/bad_magic.class"), InputError);
}

ClassPathOptions defaultOptions() {
  ClassPathOptions o;
  o.application = {test::kClasses};
  o.models_jar = test::kModelsJar;
  o.jdk_home = test::kJdk;
  return o;
}

TEST(ClassPath, SearchesApplicationThenModelsThenJdk) {
  ClassPath cp(defaultOptions());
  const LoadedClass* loop = cp.find("Loop");
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->origin, Origin::Application);
  const LoadedClass* string = cp.find("java/lang/String");
  ASSERT_NE(string, nullptr);
  EXPECT_EQ(string->origin, Origin::Model);
  const LoadedClass* list = cp.find("java/util/TreeMap");
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->origin, Origin::Jdk);
  EXPECT_EQ(cp.find("no/such/Class"), nullptr);
  EXPECT_EQ(cp.find("java/lang/String"), string);  // cached
}

TEST(ClassPath, OrderCanBeChanged) {
  ClassPathOptions o = defaultOptions();
  o.order = {Origin::Jdk, Origin::Model, Origin::Application};
  ClassPath cp(o);
  const LoadedClass* string = cp.find("java/lang/String");
  ASSERT_NE(string, nullptr);
  EXPECT_EQ(string->origin, Origin::Jdk);
}

TEST(ClassPath, FindsClassesInOtherJdkModules) {
  ClassPath cp(defaultOptions());
  const LoadedClass* logger = cp.find("java/util/logging/Logger");  // module java.logging
  ASSERT_NE(logger, nullptr);
  EXPECT_EQ(logger->origin, Origin::Jdk);
}

TEST(ClassPath, MalformedClassIsAnInputErrorNamingTheFile) {
  ClassPath cp;
  cp.add(openDirectory(test::kCorpus), Origin::Application);
  try {
    cp.find("bad_magic");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), test::kCorpus + "/bad_magic.class");
    EXPECT_NE(std::string(e.what()).find("bad magic"), std::string::npos);
  }
  // version_61.class holds class Bad, not version_61.
  EXPECT_THROW(cp.find("version_61"), InputError);
}

TEST(ClassPath, MissingJdkIsReported) {
  ClassPathOptions o = defaultOptions();
  o.jdk_home = "/nonexistent-jdk";
  EXPECT_THROW(ClassPath cp(o), InputError);
}

TEST(ClassPath, AClassOfTheJdkIsNeverTakenFromTheApplication) {
  // A jar that ships its own java/util/Objects: the JVM runs the JDK's (a
  // review's wrong YES analysed the jar's copy).
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "jhalt_shadow";
  std::filesystem::create_directories(dir / "java/util");
  auto loop = openClassSource(test::kClasses)->read("Loop");
  ASSERT_TRUE(loop);
  std::ofstream(dir / "java/util/Objects.class", std::ios::binary)
      .write(reinterpret_cast<const char*>(loop->data()), static_cast<std::streamsize>(loop->size()));
  ClassPathOptions o;
  o.application = {dir.string(), test::kClasses};
  o.jdk_home = test::kJdk;
  ClassPath cp(o);
  const LoadedClass* objects = cp.find("java/util/Objects");
  ASSERT_NE(objects, nullptr);  // the JDK's, not the file above (which holds class Loop)
  EXPECT_EQ(objects->origin, Origin::Jdk);
  ASSERT_NE(cp.find("Loop"), nullptr);
  EXPECT_EQ(cp.find("Loop")->origin, Origin::Application);
  std::filesystem::remove_all(dir);
}

TEST(ClassSource, AMultiReleaseJarGivesTheVariantOfTheRuntimesRelease) {
  // META-INF/versions/9/MR.class replaces MR.class on a JVM of release 9 or
  // later (a review's wrong YES analysed the base class).
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "jhalt_multi_release";
  fs::remove_all(dir);
  fs::create_directories(dir / "src8");
  fs::create_directories(dir / "src9");
  std::ofstream(dir / "src8/MR.java") << "public class MR { static int v() { return 8; } }\n";
  std::ofstream(dir / "src9/MR.java") << "public class MR { static int v() { return 9; } }\n";
  std::string jdk = test::kJdk + "/bin/";
  std::string cmd = "cd " + dir.string() + " && " + jdk + "javac -d base src8/MR.java && " + jdk +
                    "javac -d v9 src9/MR.java && " + jdk + "jar --create --file mr.jar -C base . --release 9 -C v9 .";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  auto src = openJar((dir / "mr.jar").string());
  auto names = src->classNames();
  EXPECT_EQ(std::count(names.begin(), names.end(), "MR"), 1);
  auto bytes = src->read("MR");
  ASSERT_TRUE(bytes);
  auto cf = classfile::parseClassFile(*bytes);
  bool nine = false;
  for (const auto& m : cf.methods)
    if (m.name == "v" && m.code) nine = m.code->bytecode.size() >= 2 && m.code->bytecode[0] == 0x10 && m.code->bytecode[1] == 9;
  EXPECT_TRUE(nine);  // bipush 9
  fs::remove_all(dir);
}

}  // namespace
}  // namespace jhalt::classpath
