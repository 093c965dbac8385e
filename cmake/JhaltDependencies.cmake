# Third-party dependencies: Debian packages only (installed by scripts/setup.sh).
find_package(PkgConfig REQUIRED)
find_package(fmt REQUIRED)
# libzip: pkg-config, because Debian's CMake config of libzip-dev requires the
# separate zip tools package.
pkg_check_modules(LIBZIP REQUIRED IMPORTED_TARGET libzip)
# GMP (C++ interface): the exact re-check of termination proofs.
pkg_check_modules(GMPXX REQUIRED IMPORTED_TARGET gmpxx)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(Threads REQUIRED)
find_package(ZLIB REQUIRED)
find_package(Java 17 REQUIRED COMPONENTS Development Runtime)

find_path(Z3_INCLUDE_DIR z3++.h REQUIRED)
find_library(Z3_LIBRARY z3 REQUIRED)
add_library(z3::z3 UNKNOWN IMPORTED)
set_target_properties(z3::z3 PROPERTIES IMPORTED_LOCATION ${Z3_LIBRARY}
                      INTERFACE_INCLUDE_DIRECTORIES ${Z3_INCLUDE_DIR})

if(JHALT_TESTS)
  find_package(GTest REQUIRED)
endif()
if(JHALT_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()

# The JDK the analyzer falls back to when neither --jdk nor JAVA_HOME is given.
get_filename_component(JHALT_JAVAC_REAL ${Java_JAVAC_EXECUTABLE} REALPATH)
get_filename_component(JHALT_JDK_BIN ${JHALT_JAVAC_REAL} DIRECTORY)
get_filename_component(JHALT_DEFAULT_JDK ${JHALT_JDK_BIN} DIRECTORY)
message(STATUS "jhalt: default JDK ${JHALT_DEFAULT_JDK}")
