#include "jhalt/program/call_site.h"

#include <fmt/format.h>

#include "jhalt/util/error.h"
#include "jhalt/util/mutf8.h"

namespace jhalt::program {

using classfile::CpTag;

std::string CallSite::summary() const {
  switch (kind) {
    case Kind::StringConcat: {
      std::string shown;
      for (char c : recipe) shown += c == '\1' ? "\\1" : c == '\2' ? "\\2" : std::string(1, c);
      return fmt::format("string concatenation {} recipe \"{}\"", descriptor, modifiedUtf8ToUtf8(shown));
    }
    case Kind::Lambda:
      return fmt::format("lambda {}.{}{} -> {}.{}{}", interface_type, name, erased_type, impl.owner,
                         impl.name, impl.descriptor);
    case Kind::Other:
      break;
  }
  return fmt::format("dynamic call site {}{} bootstrapped by {}", name, descriptor, bootstrap);
}

CallSite describeCallSite(const classfile::ClassFile& cls, uint16_t index) {
  const classfile::ConstantPool& cp = cls.pool;
  const classfile::CpEntry& indy = cp.at(index, CpTag::InvokeDynamic);
  if (indy.a >= cls.bootstrap_methods.size())
    throw FormatError(fmt::format("invokedynamic #{} names bootstrap method {} of {}", index, indy.a,
                                  cls.bootstrap_methods.size()));
  const classfile::BootstrapMethod& bsm = cls.bootstrap_methods[indy.a];
  classfile::NameAndType nat = cp.nameAndType(indy.b);
  CallSite site;
  site.name = nat.name;
  site.descriptor = nat.descriptor;
  const classfile::CpEntry& handle = cp.at(bsm.method_handle, CpTag::MethodHandle);
  classfile::MemberRef target = cp.memberRef(handle.a);
  site.bootstrap = fmt::format("{}.{}", target.owner, target.name);

  auto mtype = [&](size_t arg) -> std::string_view {
    if (arg >= bsm.arguments.size() || !cp.is(bsm.arguments[arg], CpTag::MethodType)) return {};
    return cp.utf8(cp.at(bsm.arguments[arg]).a);
  };

  if (target.owner == "java/lang/invoke/StringConcatFactory") {
    auto params = classfile::parseMethodDescriptor(site.descriptor);
    if (target.name == "makeConcatWithConstants" && !bsm.arguments.empty() &&
        cp.is(bsm.arguments[0], CpTag::String)) {
      site.kind = CallSite::Kind::StringConcat;
      site.recipe = std::string(cp.string(bsm.arguments[0]));
      site.constants.assign(bsm.arguments.begin() + 1, bsm.arguments.end());
    } else if (target.name == "makeConcat" && params) {
      site.kind = CallSite::Kind::StringConcat;
      site.recipe.assign(params->params.size(), '\1');
    }
  } else if (target.owner == "java/lang/invoke/LambdaMetafactory" &&
             (target.name == "metafactory" || target.name == "altMetafactory") &&
             bsm.arguments.size() >= 3 && cp.is(bsm.arguments[1], CpTag::MethodHandle)) {
    auto type = classfile::parseMethodDescriptor(site.descriptor);
    if (type && type->result && type->result->kind() == 'L') {
      site.kind = CallSite::Kind::Lambda;
      site.interface_type = type->result->className();
      site.erased_type = mtype(0);
      const classfile::CpEntry& impl = cp.at(bsm.arguments[1]);
      site.impl_kind = static_cast<classfile::RefKind>(impl.ref_kind);
      site.impl = cp.memberRef(impl.a);
      site.instantiated_type = mtype(2);
    }
  }
  return site;
}

}  // namespace jhalt::program
