// See glpk.hpp. The library name is the SONAME CMake read from the GLPK it found
// (BOUNDCHECK_GLPK_SONAME, e.g. "libglpk.so.40"): the same ABI the headers describe.
#include "comm/glpk.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <dlfcn.h>

namespace bc::comm::detail {

namespace {

Glpk load() {
  void* lib = dlopen(BOUNDCHECK_GLPK_SONAME, RTLD_NOW | RTLD_LOCAL);  // never closed
  if (lib == nullptr) {
    const char* why = dlerror();
    throw ResourceError(fmt::format("comm neighborly: cannot load GLPK ({}): {}", BOUNDCHECK_GLPK_SONAME,
                                    why != nullptr ? why : "unknown reason"));
  }
  Glpk g;
#define BC_GLPK_LOAD(name)                                               \
  g.name = reinterpret_cast<decltype(g.name)>(dlsym(lib, "glp_" #name)); \
  if (g.name == nullptr)                                                 \
    throw ResourceError(                                                 \
        fmt::format("comm neighborly: GLPK ({}) has no function glp_{}", BOUNDCHECK_GLPK_SONAME, #name));
  BC_GLPK_FUNCTIONS(BC_GLPK_LOAD)
#undef BC_GLPK_LOAD
  return g;
}

}  // namespace

const Glpk& glpk() {
  static const Glpk g = load();  // a throw leaves it unset: the next call tries again
  return g;
}

}  // namespace bc::comm::detail
