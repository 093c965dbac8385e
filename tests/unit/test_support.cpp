#include "test_support.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

#include "jhalt/classfile/parser.h"

namespace jhalt::test {

std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

classfile::ClassFile loadTestClass(const std::string& name, const std::string& dir) {
  return classfile::parseClassFile(readBytes(dir + "/" + name + ".class"));
}

const classfile::Method& methodNamed(const classfile::ClassFile& cf, std::string_view name) {
  for (const auto& m : cf.methods)
    if (m.name == name) return m;
  throw std::runtime_error("no method " + std::string(name));
}

}  // namespace jhalt::test
