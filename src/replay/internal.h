// Shared by the one-shot replays (replay.cpp) and the JVM session
// (session.cpp); not part of the module's interface.
#pragma once

#include <string>
#include <vector>

#include "jhalt/replay/replay.h"

namespace jhalt::replay {

// Reads a harness result file (Replay.java's format) into `r`; the frames.
std::vector<Frame> parseResult(const std::string& text, ReplayResult& r);

// The JDK module of a class read from a .jmod ("" otherwise): its package
// must be opened to the harness for reflection.
std::string moduleOf(const program::ClassInfo& c);

// -Xmx and the options every replay JVM gets.
std::vector<std::string> baseJvmOptions(const ReplayOptions& options);

// The harness jar, then (with_program) the program's class path without
// .jmod entries.
std::string harnessClasspath(const ReplayOptions& options, bool with_program);

}  // namespace jhalt::replay
