// The build's provenance (build_info.hpp). The commit comes from generated/git_commit.cpp, which
// cmake/GitCommit.cmake rewrites on every build when (and only when) the commit changes.
#include "core/build_info.hpp"

#include <arb.h>
#include <flint/flint.h>
#include <fmt/format.h>
#include <glpk.h>
#include <gmp.h>
#include <mpfr.h>
#include <Eigen/Core>
#include <boost/version.hpp>

namespace bc {

namespace detail {
extern const char* const git_commit;  // generated/git_commit.cpp
}  // namespace detail

namespace {

std::string compiler() {
#if defined(__clang__)
  return fmt::format("Clang {}.{}.{}", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  return fmt::format("GCC {}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
  return "unknown";
#endif
}

BuildInfo make() {
  BuildInfo b;
  b.version = BOUNDCHECK_VERSION;
  b.commit = detail::git_commit;
  b.compiler = compiler();
  b.libraries.emplace_back("FLINT", flint_version);
#ifdef ARB_VERSION
  b.libraries.emplace_back("Arb", arb_version);
#else
  b.libraries.emplace_back("Arb", std::string("in FLINT ") + flint_version);  // FLINT 3: Arb merged in
#endif
  b.libraries.emplace_back("Boost", fmt::format("{}.{}.{}", BOOST_VERSION / 100000,
                                                BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100));
  b.libraries.emplace_back("MPFR", mpfr_get_version());
  b.libraries.emplace_back("GMP", gmp_version);
  b.libraries.emplace_back(
      "Eigen", fmt::format("{}.{}.{}", EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION));
  // the headers' version: GLPK is loaded only by `comm neighborly` (comm/glpk.hpp), from the
  // library of the same SONAME CMake found with these headers
  b.libraries.emplace_back("GLPK", fmt::format("{}.{}", GLP_MAJOR_VERSION, GLP_MINOR_VERSION));
  return b;
}

}  // namespace

const BuildInfo& build_info() {
  static const BuildInfo b = make();
  return b;
}

std::string version_text() {
  const BuildInfo& b = build_info();
  std::string s = fmt::format("boundcheck {} (commit {})\n", b.version, b.commit);
  for (const auto& [name, ver] : b.libraries) s += fmt::format("  {:<9}{}\n", name, ver);
  s += fmt::format("  {:<9}{}\n", "compiler", b.compiler);
  return s;
}

nlohmann::ordered_json provenance_json() {
  const BuildInfo& b = build_info();
  nlohmann::ordered_json j;
  j["boundcheck"] = b.version;
  j["commit"] = b.commit;
  j["compiler"] = b.compiler;
  nlohmann::ordered_json libs = nlohmann::ordered_json::object();
  for (const auto& [name, ver] : b.libraries) libs[name] = ver;
  j["libraries"] = std::move(libs);
  return j;
}

}  // namespace bc
