// The class path of unit tests that load the Java test programs (header
// only: tests that include it link jhalt_classpath).
#pragma once

#include <string>
#include <vector>

#include "jhalt/classpath/class_path.h"
#include "test_support.h"

namespace jhalt::test {

// `application` (default: the compiled test programs), the bundled models
// and the JDK found at build time.
inline classpath::ClassPathOptions testClassPath(std::vector<std::string> application = {kClasses}) {
  classpath::ClassPathOptions o;
  o.application = std::move(application);
  o.models_jar = kModelsJar;
  o.jdk_home = kJdk;
  return o;
}

}  // namespace jhalt::test
