#include "jhalt/classfile/constant_pool.h"

#include <bit>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::classfile {

std::string_view cpTagName(CpTag tag) {
  switch (tag) {
    case CpTag::Utf8: return "Utf8";
    case CpTag::Integer: return "Integer";
    case CpTag::Float: return "Float";
    case CpTag::Long: return "Long";
    case CpTag::Double: return "Double";
    case CpTag::Class: return "Class";
    case CpTag::String: return "String";
    case CpTag::Fieldref: return "Fieldref";
    case CpTag::Methodref: return "Methodref";
    case CpTag::InterfaceMethodref: return "InterfaceMethodref";
    case CpTag::NameAndType: return "NameAndType";
    case CpTag::MethodHandle: return "MethodHandle";
    case CpTag::MethodType: return "MethodType";
    case CpTag::Dynamic: return "Dynamic";
    case CpTag::InvokeDynamic: return "InvokeDynamic";
    case CpTag::Module: return "Module";
    case CpTag::Package: return "Package";
    case CpTag::Invalid: break;
  }
  return "unusable";
}

const CpEntry& ConstantPool::at(uint16_t index) const {
  if (!valid(index))
    throw FormatError(fmt::format("constant pool index {} is out of range or unusable (pool size {})",
                                  index, entries_.size()));
  return entries_[index];
}

const CpEntry& ConstantPool::at(uint16_t index, CpTag tag) const {
  const CpEntry& e = at(index);
  if (e.tag != tag)
    throw FormatError(fmt::format("constant pool entry {} is {} where {} is required", index,
                                  cpTagName(e.tag), cpTagName(tag)));
  return e;
}

std::string_view ConstantPool::className(uint16_t index) const {
  return utf8(at(index, CpTag::Class).a);
}

std::string_view ConstantPool::string(uint16_t index) const {
  return utf8(at(index, CpTag::String).a);
}

NameAndType ConstantPool::nameAndType(uint16_t index) const {
  const CpEntry& e = at(index, CpTag::NameAndType);
  return {utf8(e.a), utf8(e.b)};
}

MemberRef ConstantPool::memberRef(uint16_t index) const {
  const CpEntry& e = at(index);
  if (e.tag != CpTag::Fieldref && e.tag != CpTag::Methodref && e.tag != CpTag::InterfaceMethodref)
    throw FormatError(fmt::format("constant pool entry {} is {} where a member reference is required",
                                  index, cpTagName(e.tag)));
  NameAndType nat = nameAndType(e.b);
  return {className(e.a), nat.name, nat.descriptor};
}

int32_t ConstantPool::intValue(uint16_t index) const {
  return static_cast<int32_t>(static_cast<uint32_t>(at(index, CpTag::Integer).bits));
}

float ConstantPool::floatValue(uint16_t index) const {
  return std::bit_cast<float>(static_cast<uint32_t>(at(index, CpTag::Float).bits));
}

int64_t ConstantPool::longValue(uint16_t index) const {
  return static_cast<int64_t>(at(index, CpTag::Long).bits);
}

double ConstantPool::doubleValue(uint16_t index) const {
  return std::bit_cast<double>(at(index, CpTag::Double).bits);
}

}  // namespace jhalt::classfile
