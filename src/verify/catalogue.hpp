// The verify/ catalogue: one TOML entry per published claim or identity, with
//   id, claim, source (document and place), published (as printed), tolerance (the rule), and
//   either expr (a certified expression over the quantities, expr/expr.hpp; optionally swept over
//   a [claim.grid]) or method (a registered C++ check) with [claim.params].
// The engine never includes tools/: quantities in expressions are resolved by a `Quantities`
// the front end injects (tools/verify/command.cpp runs them through the one command registry).
// The files are compiled into the binary (cmake/EmbedFiles.cmake); --catalogue DIR reads a
// directory instead. Verdicts have three values (STYLE.md): holds, fails, undecided; what is
// printed for them says what the claim's evidence can show (verdict_text).
#pragma once

#include "core/errors.hpp"
#include "expr/expr.hpp"
#include "verify/definitions.hpp"
#include "verify/params.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace bc::verify {

struct CatalogueFile {
  std::string name;
  std::string text;
};

/// The catalogue compiled into the binary (generated source).
const std::vector<CatalogueFile>& embedded_catalogue();

/// Every *.toml in `dir`, sorted by name. Throws UsageError when `dir` is not a directory or holds
/// no .toml file, DomainError when a file cannot be read.
std::vector<CatalogueFile> read_catalogue_dir(const std::string& dir);

enum class Verdict { holds, fails, undecided };
const char* verdict_name(Verdict v);
struct Claim;
/// The verdict as printed for claim c, by what its evidence can show (a verification tool never
/// claims more than it has shown):
///   a plain claim                 holds / fails / undecided ("evaluated" for a formula that holds);
///   an asymptotic claim           consistent / inconsistent / "undecided: extend the grid" (a
///                                 finite grid neither proves nor refutes a limit);
///   evidence = "lower bound: B"   certified (consistent, if asymptotic) / "not certified": a
///                                 refuting outcome is run_claim's undecided, since a lower bound
///                                 that falls short refutes nothing about the true quantity;
///   untestable = "reason"         "not testable".
std::string verdict_text(Verdict v, const Claim& c);

/// How expressions reach the quantities (injected by the front end; see tools/verify/command.cpp).
struct Quantities {
  expr::Resolver resolve;
  /// Throws UsageError when a call names no command or an unknown option (checked at load).
  std::function<void(const expr::QuantityCall&)> validate;
};

struct Claim {
  std::string file, id, claim, source, tolerance, method;
  /// The value as the source prints it ("45696", "1.88e-3", "sqrt(3)/2"), or a method's statement
  /// ("identity"); empty when the claim gives none (printed "-", JSON null).
  std::string published;
  std::string expr;                            ///< the expression (instead of method)
  long line = 0, expr_line = 0, expr_col = 0;  ///< where the claim / its expression starts
  /// quantity = "sphere.dim(d=64, l=3)": the claim is that this value is `published` under `rule`.
  std::string quantity;
  /// How a published number is read against the value computed for it: exact, round, truncate,
  /// rel=X or abs=X (tolerance = ...; by default an integer or p/q is exact, a decimal rounded).
  std::string rule;
  /// The check of the published number, an expression: "(SUBJECT) == 45696",
  /// "(SUBJECT) ~= 1.88e-3 [round]"; SUBJECT is `quantity`, or the left side of the expression's
  /// first comparison. Empty when the claim has no published number (a method's statement).
  std::string published_check;
  /// [claim.grid]: variable -> values (exact numbers as text), swept in Cartesian order.
  std::vector<std::pair<std::string, std::vector<std::string>>> grid;
  /// The verdict the catalogue expects: "holds" (default), or "fails" for a published claim that
  /// is recorded as not holding as stated (verify then confirms the refutation).
  Verdict expect = Verdict::holds;
  /// kind = "formula": the claim evaluates a formula whose outcome its own definition forces (a
  /// bound at a hidden constant set by us, compared with a size it was derived from): it tests
  /// nothing about the source, and verify says "evaluated" instead of "holds".
  bool formula = false;
  /// The expression contains an asymptotic claim (expr::Expr::asymptotic), or a method claim says
  /// kind = "asymptotic" or its method grades a sequence (Method::asymptotic: a limit or an order
  /// of growth checked on a finite grid): graded consistent / inconsistent, never proved or refuted.
  bool asymptotic = false;
  /// evidence = "lower bound: B": the expression evaluates B, a certified lower bound of the
  /// claimed quantity (e.g. "the spectral bound H_min" for the heads a layer needs). What B shows
  /// carries over when it holds; when it fails it refutes nothing (the true quantity may be
  /// larger): the verdict is then undecided, printed "not certified", and the grade names B.
  std::string lower_bound;  ///< B, or empty
  /// untestable = "reason": the statement cannot be tested by what the catalogue can compute (a
  /// limit eps -> 0 at a fixed eps): it is still evaluated for the computed column, and its
  /// verdict is undecided, printed "not testable", with the reason as the grade.
  std::string untestable;
  /// [claim.params] of a method claim, checked against the method's declaration when the catalogue
  /// was read (verify/params.hpp), with the defaults of the optional keys it does not give.
  nlohmann::json params = nlohmann::json::object();
  /// --digits of the run: the first rung of the precision ladder (expression claims).
  long digits = 30;
};

struct Outcome {
  Outcome() = default;
  Outcome(std::string c, Verdict v, std::string d, std::string g = {})  // NOLINT: {computed, verdict, detail}
      : computed(std::move(c)), verdict(v), detail(std::move(d)), grade(std::move(g)) {}
  std::string computed;  ///< what we recomputed, in the published value's terms
  Verdict verdict = Verdict::undecided;
  std::string detail;  ///< why, in one line (shown for fails/undecided)
  /// How it holds: "exact", "as rounding", "as truncation (not rounding)", "within tolerance
  /// (rel=..)", "certified bound", "only in a regime: ..."; for fails / undecided, why.
  std::string grade;
  /// An asymptotic claim found inconsistent: how the left side grows and where, e.g. "like d^2.99
  /// at r=1 eps=3/10 (d = 32..2048), the claimed side like d^3.33" (for a lower bound's grade).
  std::string growth;
};

/// All registered methods, by name: the check each runs and the parameters it reads
/// (verify/params.hpp). Each family registers its own (checks_<family>.cpp).
using Methods = std::map<std::string, Method>;
const Methods& registry();
void register_sphere_checks(Methods& r);
void register_rank_checks(Methods& r);
void register_depth_checks(Methods& r);
void register_sym_checks(Methods& r);
void register_comm_checks(Methods& r);

/// The most user quantities one catalogue defines (each becomes a command of the registry).
inline constexpr size_t kMaxQuantities = 1000;

/// Everything a catalogue defines: its claims, and its own quantities and named values
/// (verify/definitions.hpp).
struct Catalogue {
  std::vector<Claim> claims;
  std::vector<QuantityDef> quantities;
  std::vector<ValueDef> values;
};

/// Reads the files strictly: TOML syntax, only known keys (a misspelt one gets "did you mean"),
/// required fields and their types, unique ids and names, expressions that parse, published values
/// that are numbers where they are checked, known methods. Every problem of every file is collected
/// and thrown at once as InputErrors (a usage error, exit 2), each naming file:line:column.
/// Quantities named in expressions are checked by check_catalogue.
Catalogue read_catalogue(const std::vector<CatalogueFile>& files);

/// What needs the registry (with the catalogue's own quantities registered in it): every quantity
/// an expression names exists and takes those options (q.validate); a user quantity calls no
/// quantity that calls it back (directly or in a cycle), reads only its parameters and uses every
/// one. Throws InputErrors naming file:line:column.
void check_catalogue(const Catalogue& cat, const Quantities& q);

/// read_catalogue, then check_catalogue when `q` is given; the claims. A catalogue that defines
/// quantities needs them registered first: read, register, then check (tools/verify/command.cpp).
std::vector<Claim> load_catalogue(const std::vector<CatalogueFile>& files, const Quantities* q = nullptr);

/// A malformed parameter found only while a method runs: not a verdict but a bad input (run_claim
/// rethrows it; tools/verify/catalogue_run.cpp carries it out of a claim's process). No method
/// throws it now: every rule a method's parameters follow is declared (verify/params.hpp) and
/// refused when the catalogue is read.
struct ParamError : DomainError {
  using DomainError::DomainError;
};

namespace detail {
/// params.<key> of a method claim, as the loader checked it against the method's declaration;
/// throws std::logic_error (an internal error) when the method does not declare `key` with this
/// kind and shape, or with a range that T cannot hold: the declaration is the one table.
const nlohmann::json& declared_param(const Claim& c, const char* key, ParamField::Kind kind, int depth,
                                     long double lo, long double hi);
template <class T>
struct Leaf {
  using type = T;
  static constexpr int depth = 0;
};
template <class T>
struct Leaf<std::vector<T>> {
  using type = typename Leaf<T>::type;
  static constexpr int depth = Leaf<T>::depth + 1;
};
}  // namespace detail

/// params.<key> of a method claim as T (verify/params.hpp): the loader has checked it against the
/// method's declaration (kind, shape, range, defaults), so this only converts.
template <class T>
T claim_param(const Claim& c, const char* key) {
  using L = typename detail::Leaf<T>::type;
  constexpr auto kind = std::is_same_v<L, std::string> ? ParamField::Kind::text
                        : std::is_integral_v<L>        ? ParamField::Kind::integer
                                                       : ParamField::Kind::number;
  static_assert(!std::is_same_v<L, bool>, "a method parameter is an integer, a number or a string");
  long double lo = 0, hi = 0;
  if constexpr (std::is_arithmetic_v<L>) {
    lo = static_cast<long double>(std::numeric_limits<L>::lowest());
    hi = static_cast<long double>(std::numeric_limits<L>::max());
  }
  return detail::declared_param(c, key, kind, detail::Leaf<T>::depth, lo, hi).template get<T>();
}

/// Runs one claim; exceptions become `undecided` with the message as detail. A claim with
/// lower-bound evidence or marked untestable gets the verdict and grade that say so (verdict_text).
Outcome run_claim(const Claim& c, const Quantities* q = nullptr);

/// The precision ladder of expression claims: (--digits for the commands, working bits). An
/// undecided verdict is retried at the next rung before it is reported. The first rung is the
/// run's --digits (default 30, at 128 bits), the second max(100, 3 x digits).
struct Rung {
  long digits;
  slong prec;
};
std::vector<Rung> precision_ladder(long digits = 30);

/// Evaluates an expression claim (c.expr, swept over c.grid). Throws on evaluation errors.
Outcome run_expression(const Claim& c, const Quantities* q);

/// The grade text of a true expression (see Outcome::grade).
std::string grade_text(const expr::Grade& g);

}  // namespace bc::verify
