// What built this boundcheck: its version and git commit, the versions of the libraries it computes
// with (FLINT, Arb, Boost, MPFR, GMP, Eigen, GLPK) and the compiler. `boundcheck --version` prints
// it, `--version --format json` gives it as JSON, and every JSON output and shard file carries the
// same object as its "provenance", so a number can be traced to the code that printed it.
//
// Libraries linked at run time report the version of the shared object actually loaded
// (flint_version, arb_version, mpfr_get_version(), gmp_version, glp_version()); the header-only
// ones (Boost, Eigen) the version of the headers compiled against. Cost: a few string copies.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace bc {

struct BuildInfo {
  std::string version;   ///< BOUNDCHECK_VERSION, e.g. "0.1.0"
  std::string commit;    ///< git commit of the source tree ("-dirty": uncommitted changes), or "unknown"
  std::string compiler;  ///< "GCC 12.2.0", "Clang 14.0.6"
  std::vector<std::pair<std::string, std::string>> libraries;  ///< {"FLINT", "2.9.0"}, ... in a fixed order
};

/// The build's provenance (computed once; thread-safe).
const BuildInfo& build_info();

/// `boundcheck --version`: "boundcheck VERSION (commit C)" then one line per library and the compiler.
std::string version_text();

/// {"boundcheck": VERSION, "commit": C, "compiler": ..., "libraries": {"FLINT": ..., ...}}: the
/// object `--version --format json` prints and JSON outputs and shard files hold as "provenance".
nlohmann::ordered_json provenance_json();

}  // namespace bc
