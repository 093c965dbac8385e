#include "jhalt/clp/library.h"

namespace jhalt::clp {

bool libraryTerminates(std::string_view owner, std::string_view name, std::string_view desc) {
  struct Known {
    std::string_view owner, name, desc;  // desc "" = any
  };
  static constexpr Known kKnown[] = {
      {"java/lang/String", "length", "()I"},
      {"java/lang/String", "charAt", "(I)C"},
      {"java/lang/String", "isEmpty", "()Z"},
      {"java/lang/String", "equals", "(Ljava/lang/Object;)Z"},
      {"java/lang/String", "hashCode", "()I"},
      {"java/lang/String", "valueOf", "(I)Ljava/lang/String;"},
      {"java/lang/Object", "getClass", "()Ljava/lang/Class;"},  // final, native: reads the header
      {"java/lang/Enum", "getDeclaringClass", "()Ljava/lang/Class;"},  // getClass, getSuperclass
      {"java/lang/Enum", "hashCode", "()I"},  // the identity hash
      {"java/lang/Math", "abs", "(I)I"},
      {"java/lang/Math", "min", "(II)I"},
      {"java/lang/Math", "max", "(II)I"},
      {"java/lang/Integer", "parseInt", "(Ljava/lang/String;)I"},
      {"java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;"},
      {"java/lang/Integer", "intValue", "()I"},
      {"java/io/PrintStream", "println", "()V"},
      {"java/io/PrintStream", "println", "(I)V"},
      {"java/io/PrintStream", "println", "(C)V"},
      {"java/io/PrintStream", "println", "(Z)V"},
      {"java/io/PrintStream", "println", "(Ljava/lang/String;)V"},
      {"java/io/PrintStream", "print", "(I)V"},
      {"java/io/PrintStream", "print", "(C)V"},
      {"java/io/PrintStream", "print", "(Ljava/lang/String;)V"},
      {"java/lang/StringBuilder", "<init>", "()V"},
      {"java/lang/StringBuilder", "append", "(I)Ljava/lang/StringBuilder;"},
      {"java/lang/StringBuilder", "append", "(C)Ljava/lang/StringBuilder;"},
      {"java/lang/StringBuilder", "append", "(Ljava/lang/String;)Ljava/lang/StringBuilder;"},
      {"java/lang/StringBuilder", "toString", "()Ljava/lang/String;"},
  };
  // An array's clone() copies its elements (JLS §10.7); it throws nothing.
  if (owner.starts_with('[') && name == "clone" && desc == "()Ljava/lang/Object;") return true;
  for (const Known& k : kKnown)
    if (k.owner == owner && k.name == name && (k.desc.empty() || k.desc == desc)) return true;
  return false;
}

}  // namespace jhalt::clp
