# Project warnings as an INTERFACE target (the ccache cmake/StandardWarnings.cmake pattern):
# every boundcheck target links boundcheck_warnings; third-party headers are SYSTEM and stay quiet.
add_library(boundcheck_warnings INTERFACE)
target_compile_options(boundcheck_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wformat=2 -Wimplicit-fallthrough)
if(BOUNDCHECK_WERROR)
  # GCC 12 reports -Wrestrict and -Wmaybe-uninitialized inside libstdc++ itself (GCC bugs 105329,
  # 105651), worse under sanitizers; they stay warnings, everything else is an error.
  target_compile_options(boundcheck_warnings INTERFACE -Werror -Wno-error=restrict
                         -Wno-error=maybe-uninitialized)
endif()
