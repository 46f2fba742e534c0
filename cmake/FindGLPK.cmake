# FindGLPK.cmake — locate GLPK, the GNU Linear Programming Kit (Debian: libglpk-dev, <glpk.h>,
# library "glpk"). GLPK ships neither CMake nor pkg-config files, hence this module.
#
# Imported target: GLPK::glpk.  Variables: GLPK_FOUND, GLPK_VERSION, GLPK_INCLUDE_DIR, GLPK_LIBRARY,
# GLPK_SONAME (the name the library is loaded by at run time, e.g. libglpk.so.40: boundcheck dlopens
# it, src/comm/glpk.hpp; read from the library with objdump, else the library's file name).

include(FindPackageHandleStandardArgs)

find_path(GLPK_INCLUDE_DIR glpk.h)
find_library(GLPK_LIBRARY NAMES glpk)

set(GLPK_VERSION "")
if(GLPK_INCLUDE_DIR AND EXISTS "${GLPK_INCLUDE_DIR}/glpk.h")
  file(STRINGS "${GLPK_INCLUDE_DIR}/glpk.h" _glpk_ver_lines REGEX "^#define[ \t]+GLP_(MAJOR|MINOR)_VERSION")
  string(REGEX MATCH "GLP_MAJOR_VERSION[ \t]+([0-9]+)" _m "${_glpk_ver_lines}")
  set(_glpk_major "${CMAKE_MATCH_1}")
  string(REGEX MATCH "GLP_MINOR_VERSION[ \t]+([0-9]+)" _m "${_glpk_ver_lines}")
  set(GLPK_VERSION "${_glpk_major}.${CMAKE_MATCH_1}")
endif()

set(GLPK_SONAME "")
if(GLPK_LIBRARY)
  get_filename_component(_glpk_real "${GLPK_LIBRARY}" REALPATH)
  if(CMAKE_OBJDUMP)
    execute_process(COMMAND "${CMAKE_OBJDUMP}" -p "${_glpk_real}" OUTPUT_VARIABLE _glpk_dump ERROR_QUIET)
    string(REGEX MATCH "SONAME[ \t]+([^ \t\n]+)" _m "${_glpk_dump}")
    set(GLPK_SONAME "${CMAKE_MATCH_1}")
  endif()
  if(NOT GLPK_SONAME)
    get_filename_component(GLPK_SONAME "${GLPK_LIBRARY}" NAME)
  endif()
endif()

find_package_handle_standard_args(GLPK REQUIRED_VARS GLPK_LIBRARY GLPK_INCLUDE_DIR VERSION_VAR GLPK_VERSION)

if(GLPK_FOUND AND NOT TARGET GLPK::glpk)
  add_library(GLPK::glpk UNKNOWN IMPORTED)
  set_target_properties(GLPK::glpk PROPERTIES IMPORTED_LOCATION "${GLPK_LIBRARY}"
                                              INTERFACE_INCLUDE_DIRECTORIES "${GLPK_INCLUDE_DIR}")
endif()
mark_as_advanced(GLPK_INCLUDE_DIR GLPK_LIBRARY)
