# Compiler flags shared by every jhalt target.
add_library(jhalt_flags INTERFACE)
target_compile_options(jhalt_flags INTERFACE -Wall -Wextra -Wpedantic
                       $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>)
if(CMAKE_BUILD_TYPE STREQUAL "RelWithDebInfo")
  # -O2 keeps the debug info usable while the disassembler still meets its speed goal.
  target_compile_options(jhalt_flags INTERFACE -O2)
endif()
if(JHALT_SANITIZE)
  target_compile_options(jhalt_flags INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                         -fno-sanitize-recover=undefined)
  target_link_options(jhalt_flags INTERFACE -fsanitize=address,undefined)
endif()
if(JHALT_FUZZ)
  target_compile_options(jhalt_flags INTERFACE -fsanitize=fuzzer-no-link,address,undefined)
  target_link_options(jhalt_flags INTERFACE -fsanitize=address,undefined)
endif()
