// Paths to build-time test inputs and small helpers shared by unit tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jhalt/classfile/class_file.h"

namespace jhalt::test {

inline const std::string kClasses = JHALT_TEST_CLASSES;    // javac --release 17
inline const std::string kClasses8 = JHALT_TEST_CLASSES8;  // javac --release 8
inline const std::string kJars = JHALT_TEST_JARS;
inline const std::string kCorpus = JHALT_TEST_CORPUS;
inline const std::string kModelsJar = JHALT_TEST_MODELS_JAR;
inline const std::string kJdk = JHALT_TEST_JDK;
inline const std::string kJavaBase = kJdk + "/jmods/java.base.jmod";

std::vector<uint8_t> readBytes(const std::string& path);
// Parses `<kClasses>/<name>.class`.
classfile::ClassFile loadTestClass(const std::string& name, const std::string& dir = kClasses);
const classfile::Method& methodNamed(const classfile::ClassFile& cf, std::string_view name);

}  // namespace jhalt::test
