# Project warnings as an INTERFACE target (the pattern of ccache's StandardWarnings.cmake):
# every boundcheck target links boundcheck_warnings; third-party headers are SYSTEM and stay quiet.
add_library(boundcheck_warnings INTERFACE)
target_compile_options(boundcheck_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wformat=2 -Wimplicit-fallthrough)
if(BOUNDCHECK_WERROR)
  # GCC 12 reports these inside libstdc++'s own std::string and std::function code (GCC bugs
  # 105329, 105651, 106199), more under sanitizers and precompiled headers; they stay warnings,
  # everything else is an error.
  target_compile_options(boundcheck_warnings INTERFACE -Werror)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(boundcheck_warnings INTERFACE -Wno-error=restrict
                           -Wno-error=maybe-uninitialized -Wno-error=stringop-overflow
                           -Wno-error=array-bounds -Wno-error=stringop-overread)
  endif()
endif()
