# FindFLINT.cmake — locate FLINT, Arb, MPFR and GMP.
#
# Debian 12 ships FLINT 2.9 (libflint-dev: <flint/flint.h>, libflint) and Arb 2.23 as a separate
# library (libflint-arb-dev: <arb.h> directly under the include root, library "flint-arb"; upstream
# calls it "arb"). FLINT 3 merged Arb: <flint/arb.h> and everything lives in libflint. Neither ships
# CMake or pkg-config files, hence this module.
#
# Imported targets:
#   FLINT::flint   FLINT itself (plus GMP and MPFR)
#   FLINT::arb     Arb; with FLINT 3 an interface target that adds <prefix>/include/flint to the
#                  include path so that `#include <arb.h>` works in both worlds
#   MPFR::mpfr, GMP::gmp
# Variables: FLINT_FOUND, FLINT_VERSION, ARB_VERSION (empty for FLINT 3), FLINT_HAS_MERGED_ARB.

include(FindPackageHandleStandardArgs)

find_path(GMP_INCLUDE_DIR gmp.h)
find_library(GMP_LIBRARY NAMES gmp)
find_path(MPFR_INCLUDE_DIR mpfr.h)
find_library(MPFR_LIBRARY NAMES mpfr)
find_path(FLINT_INCLUDE_DIR flint/flint.h)
find_library(FLINT_LIBRARY NAMES flint)

set(FLINT_VERSION "")
if(FLINT_INCLUDE_DIR AND EXISTS "${FLINT_INCLUDE_DIR}/flint/flint.h")
  file(STRINGS "${FLINT_INCLUDE_DIR}/flint/flint.h" _flint_ver_lines
       REGEX "^#define[ \t]+__FLINT_VERSION(_MINOR|_PATCHLEVEL)?[ \t]+[0-9]+")
  foreach(_part IN ITEMS "" "_MINOR" "_PATCHLEVEL")
    string(REGEX MATCH "__FLINT_VERSION${_part}[ \t]+([0-9]+)" _m "${_flint_ver_lines}")
    set(_flint_v${_part} "${CMAKE_MATCH_1}")
  endforeach()
  set(FLINT_VERSION "${_flint_v}.${_flint_v_MINOR}.${_flint_v_PATCHLEVEL}")
endif()

set(FLINT_HAS_MERGED_ARB FALSE)
if(FLINT_VERSION VERSION_GREATER_EQUAL 3 AND EXISTS "${FLINT_INCLUDE_DIR}/flint/arb.h")
  set(FLINT_HAS_MERGED_ARB TRUE)
  set(ARB_INCLUDE_DIR "${FLINT_INCLUDE_DIR}/flint")
  set(ARB_LIBRARY "${FLINT_LIBRARY}")
  set(ARB_VERSION "")
else()
  find_path(ARB_INCLUDE_DIR arb.h PATH_SUFFIXES arb flint-arb)
  find_library(ARB_LIBRARY NAMES flint-arb arb)
  set(ARB_VERSION "")
  if(ARB_INCLUDE_DIR AND EXISTS "${ARB_INCLUDE_DIR}/arb.h")
    file(STRINGS "${ARB_INCLUDE_DIR}/arb.h" _arb_ver REGEX "^#define[ \t]+ARB_VERSION[ \t]+\"")
    string(REGEX MATCH "\"([0-9.]+)\"" _m "${_arb_ver}")
    set(ARB_VERSION "${CMAKE_MATCH_1}")
  endif()
endif()

find_package_handle_standard_args(FLINT
  REQUIRED_VARS FLINT_LIBRARY FLINT_INCLUDE_DIR ARB_LIBRARY ARB_INCLUDE_DIR
                MPFR_LIBRARY MPFR_INCLUDE_DIR GMP_LIBRARY GMP_INCLUDE_DIR
  VERSION_VAR FLINT_VERSION)

if(FLINT_FOUND)
  if(NOT TARGET GMP::gmp)
    add_library(GMP::gmp UNKNOWN IMPORTED)
    set_target_properties(GMP::gmp PROPERTIES IMPORTED_LOCATION "${GMP_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${GMP_INCLUDE_DIR}")
  endif()
  if(NOT TARGET MPFR::mpfr)
    add_library(MPFR::mpfr UNKNOWN IMPORTED)
    set_target_properties(MPFR::mpfr PROPERTIES IMPORTED_LOCATION "${MPFR_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${MPFR_INCLUDE_DIR}" INTERFACE_LINK_LIBRARIES GMP::gmp)
  endif()
  if(NOT TARGET FLINT::flint)
    add_library(FLINT::flint UNKNOWN IMPORTED)
    set_target_properties(FLINT::flint PROPERTIES IMPORTED_LOCATION "${FLINT_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${FLINT_INCLUDE_DIR}"
      INTERFACE_LINK_LIBRARIES "MPFR::mpfr;GMP::gmp")
  endif()
  if(NOT TARGET FLINT::arb)
    if(FLINT_HAS_MERGED_ARB)
      add_library(FLINT::arb INTERFACE IMPORTED)
      set_target_properties(FLINT::arb PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${ARB_INCLUDE_DIR}" INTERFACE_LINK_LIBRARIES FLINT::flint)
    else()
      add_library(FLINT::arb UNKNOWN IMPORTED)
      set_target_properties(FLINT::arb PROPERTIES IMPORTED_LOCATION "${ARB_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${ARB_INCLUDE_DIR}" INTERFACE_LINK_LIBRARIES FLINT::flint)
    endif()
  endif()
endif()

mark_as_advanced(GMP_INCLUDE_DIR GMP_LIBRARY MPFR_INCLUDE_DIR MPFR_LIBRARY FLINT_INCLUDE_DIR
                 FLINT_LIBRARY ARB_INCLUDE_DIR ARB_LIBRARY)
