// The verify/ catalogue: one TOML entry per published claim or identity, with
//   id, claim, source (document and place), published (as printed), tolerance (the rule),
//   method (the registered C++ check that recomputes it) and [claim.params].
// The files are compiled into the binary (cmake/EmbedCatalogue.cmake); --catalogue DIR reads a
// directory instead. Verdicts have three values (STYLE.md): holds, fails, undecided.
#pragma once

#include "core/errors.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace bc::verify {

struct CatalogueFile {
  std::string name;
  std::string text;
};

/// The catalogue compiled into the binary (generated source).
const std::vector<CatalogueFile>& embedded_catalogue();

/// Every *.toml in `dir`, sorted by name. Throws DomainError if unreadable or empty.
std::vector<CatalogueFile> read_catalogue_dir(const std::string& dir);

enum class Verdict { holds, fails, undecided };
const char* verdict_name(Verdict v);

struct Claim {
  std::string file, id, claim, source, published, tolerance, method;
  /// The verdict the catalogue expects: "holds" (default), or "fails" for a published claim that
  /// is recorded as not holding as stated (verify then confirms the refutation).
  Verdict expect = Verdict::holds;
  nlohmann::json params = nlohmann::json::object();
};

struct Outcome {
  std::string computed;  ///< what we recomputed, in the published value's terms
  Verdict verdict = Verdict::undecided;
  std::string detail;  ///< why, in one line (shown for fails/undecided)
};

using Check = std::function<Outcome(const Claim&)>;

/// All registered checks, by method name. Each family registers its own (checks_<family>.cpp).
const std::map<std::string, Check>& registry();
void register_sphere_checks(std::map<std::string, Check>& r);
void register_rank_checks(std::map<std::string, Check>& r);
void register_depth_checks(std::map<std::string, Check>& r);
void register_sym_checks(std::map<std::string, Check>& r);
void register_comm_checks(std::map<std::string, Check>& r);

/// Parses and validates the files (required fields, unique ids, known methods).
/// Throws DomainError naming the file and the entry on any problem.
std::vector<Claim> load_catalogue(const std::vector<CatalogueFile>& files);

/// A malformed parameter in a catalogue entry: not a verdict but a bad input (run_claim rethrows it).
struct ParamError : DomainError {
  using DomainError::DomainError;
};

namespace detail {
/// Checks every number in a parameter value before it is converted: integer types take only
/// integers (TOML 3.5 is not 3), unsigned ones only values in [0, cap] (-1 is not 2^64 - 1), and
/// floating types only finite numbers. Throws ParamError naming the claim and the key.
void check_param(const Claim& c, const char* key, const nlohmann::json& v, bool integer, bool is_unsigned,
                 bool floating);
template <class T>
struct Leaf {
  using type = T;
};
template <class T>
struct Leaf<std::vector<T>> {
  using type = typename Leaf<T>::type;
};
}  // namespace detail

/// params.<key> of a claim as T; throws when it is missing, and DomainError naming the claim when a
/// number has the wrong type or range (loop bounds l_max, l_hi, L, N_max, d_max, trials at most 10^5,
/// other unsigned values at most 2^62: a catalogue entry is a check, not an unbounded computation).
template <class T>
T claim_param(const Claim& c, const char* key) {
  if (!c.params.contains(key)) throw std::runtime_error("claim " + c.id + ": missing params." + key);
  using L = typename detail::Leaf<T>::type;
  if constexpr (std::is_arithmetic_v<L> && !std::is_same_v<L, bool>)
    detail::check_param(c, key, c.params.at(key), std::is_integral_v<L>, std::is_unsigned_v<L>,
                        std::is_floating_point_v<L>);
  return c.params.at(key).get<T>();
}

/// Runs one claim; exceptions become `undecided` with the message as detail.
Outcome run_claim(const Claim& c);

}  // namespace bc::verify
