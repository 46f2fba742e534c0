# Project warnings as an INTERFACE target (the ccache cmake/StandardWarnings.cmake pattern):
# every boundcheck target links boundcheck_warnings; third-party headers are SYSTEM and stay quiet.
add_library(boundcheck_warnings INTERFACE)
target_compile_options(boundcheck_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wformat=2 -Wimplicit-fallthrough)
if(BOUNDCHECK_WERROR)
  target_compile_options(boundcheck_warnings INTERFACE -Werror)
endif()
