// A catalogue's own definitions, beside its claims: user quantities ([[quantity]]: a name in the
// user's namespace, typed parameters, an expression over the built-in quantities) and named values
// ([[value]]: one number a paper quotes, for `boundcheck tex`). The front end registers the
// quantities as commands of the one registry (tools/user/), so that they work wherever a built-in
// command does; this header holds only what the file says and the rules it must keep.
//
//   [[quantity]]
//   name = "mine.compose_heads"                 # NAMESPACE.NAME; NAMESPACE not a built-in group
//   params = ["n", "d", "p"]                    # each used by expr (or a column)
//   expr = "n*log2(n)/((d+1)*p)"                # a number, over the params and quantities
//   source = "my paper, Lemma 2"
//   description = "heads a one-layer transformer needs for composition"
//   domain = { n = "integer >= 2", p = "real > 0" }   # optional; default "real"
//   default = { p = 1 }                         # optional; a parameter without one is required
//   columns = [{ name = "bits", expr = "n*log2(n)" }] # optional further result columns
//
//   [[value]]
//   name = "mine.h32"                           # referenced as \bcvalue{mine.h32}
//   expr = "rank.heads(d=32, r=2, eps=1/10)"
//   digits = 3                                  # optional: significant digits of a real
//   style = "sci"                               # optional: plain | sci | grouped | interval
// Cost: O(size of the file).
#pragma once

#include "core/flint.hpp"

#include <optional>
#include <string>
#include <vector>

namespace bc::verify {

/// Where a definition (or one of its fields) starts in its file: "claims.toml:12:8".
struct Where {
  std::string file;
  long line = 0, column = 0;
  [[nodiscard]] std::string str() const;
};

/// A parameter's domain: "integer", "rational" or "real" (any exact number), optionally bounded:
/// "integer >= 2", "real > 0", "real in (0, 1]", "integer in [1, 64]".
struct Domain {
  enum class Type { integer, real } type = Type::real;
  std::optional<Fmpq> lo, hi;
  bool lo_open = false, hi_open = false;
  std::string text = "real";  ///< as written (normalised spaces)
  /// "an integer >= 2", "a number in (0, 1]": what a value must be, for messages.
  [[nodiscard]] std::string rule() const;
  [[nodiscard]] bool contains(const Fmpq& v) const;
};

/// Reads a domain; nullopt when malformed (the caller names the field).
std::optional<Domain> parse_domain(const std::string& text);

struct Param {
  std::string name;
  Domain domain;
  std::optional<std::string> default_value;  ///< exact number as text, already in the domain
  Where at;
};

struct QuantityDef {
  std::string name;  ///< "mine.compose_heads"
  std::vector<Param> params;
  std::string expr, source, description;
  Where at, expr_at;  ///< the [[quantity]] table; the first character of expr's text
  struct Column {
    std::string name, expr;
    Where expr_at;
  };
  std::vector<Column> columns;
  std::string catalogue;  ///< the directory it was loaded from (for help), when known
  /// {"mine", "compose_heads"}
  [[nodiscard]] std::vector<std::string> path() const;
  /// The primary column's name: the name's last part ("compose_heads").
  [[nodiscard]] std::string column() const;
};

struct ValueDef {
  std::string name, expr, description;
  long digits = 0;              ///< 0: the run's --digits, trimmed to what the value supports
  std::string style = "plain";  ///< plain | sci | grouped | interval
  Where at, expr_at;
};

/// The namespaces a user quantity may not take (the built-in groups and top-level commands).
const std::vector<std::string>& reserved_namespaces();

}  // namespace bc::verify
