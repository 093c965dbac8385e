// Library methods that terminate for every argument without calling back
// into application code (no Object parameter whose toString/equals might
// run): termination proofs take a call of them to return or throw. Any
// other call a producer does not follow is a gap. Shared by the CLP
// translation and the SEG producer of transition systems.
#pragma once

#include <string_view>

namespace jhalt::clp {

// owner in internal form (java/lang/String), name, method descriptor.
bool libraryTerminates(std::string_view owner, std::string_view name, std::string_view desc);

}  // namespace jhalt::clp
