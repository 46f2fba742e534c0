// What a registered method reads from [claim.params]: one declaration per parameter (its key, the
// kind of its values, its shape, their range, required or a default; for a method that grades a
// limit, the sequence of points it is graded on), kept next to the method in checks_<family>.cpp.
// One table drives both sides: the loader checks every method claim's params against it
// (verify/read_params.cpp: each problem at the key's or the value's file:line:column, unknown keys
// with did-you-mean, exit 2), and the method reads them with claim_param<T> (verify/catalogue.hpp),
// which converts what was checked and never checks a second time.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bc::verify {

struct Claim;
struct Outcome;
using Check = std::function<Outcome(const Claim&)>;

/// One scalar a parameter holds: the parameter itself, each value of a list, or one field of a
/// tuple.
struct ParamField {
  enum class Kind { integer, number, text };
  Kind kind = Kind::integer;
  std::string name;               ///< a tuple's field ("d", "l"); empty otherwise
  std::int64_t ilo = 0, ihi = 0;  ///< integer: in [ilo, ihi]
  double lo = 0, hi = 0;          ///< number: finite, in [lo, hi] (lo_open: (lo, hi])
  bool lo_open = false;
  std::vector<std::string> choices;  ///< text: the values allowed (empty: any non-empty text)
  /// text: what is wrong with a value ("" when nothing), for a rule that choices cannot say
  std::function<std::string(const std::string&)> check;
  std::string check_rule;                  ///< text with a check: the rule in words ("a decimal (0.98410)")
  [[nodiscard]] std::string rule() const;  ///< "an integer in [3, 1000000]", "one of: a, b"
};

struct ParamSpec {
  enum class Shape { scalar, list, tuples };
  std::string key;
  Shape shape = Shape::scalar;
  std::vector<ParamField> fields;  ///< one; tuples: one per position
  std::size_t min_size = 1;        ///< a list or tuples: at least this many entries
  /// The points of a limit or an order of growth (an asymptotic method): at least 3, strictly
  /// increasing, as an expression's "as n in {...}" requires.
  bool sequence = false;
  bool required = true;
  nlohmann::json fallback;  ///< the value of an optional parameter the claim does not give
  /// A tuple as a whole: what is wrong ("" when nothing), e.g. "l_lo < l_hi".
  std::function<std::string(const nlohmann::json&)> check_entry;
  [[nodiscard]] std::string rule() const;  ///< "a list of integers in [2, 4611686018427387904]"
};

/// A rule between parameters (l_lo < l_hi), reported at `key`: what is wrong ("" when nothing).
struct ParamRelation {
  std::string key;
  std::function<std::string(const nlohmann::json& params)> check;
};

/// A registered method: the check it runs and the parameters it reads.
struct Method {
  Check run;
  std::vector<ParamSpec> params;
  std::vector<ParamRelation> relations = {};
  [[nodiscard]] const ParamSpec* param(const std::string& key) const;
  /// The method grades a limit on a sequence of points (it declares a sequence): its claims are
  /// asymptotic (consistent / inconsistent), whatever their kind says.
  [[nodiscard]] bool asymptotic() const;
};

/// The declarations' vocabulary (checks_<family>.cpp).
namespace param {
inline constexpr std::int64_t k62 = std::int64_t(1) << 62;  ///< single sizes (closed forms)
inline constexpr std::int64_t kLoop = 100000;               ///< a loop bound: the cost grows with it
ParamField integer(std::int64_t lo, std::int64_t hi, std::string name = {});
ParamField number(double lo, double hi, bool lo_open = false, std::string name = {});
ParamField positive(std::string name = {});  ///< a finite number > 0
ParamField finite(std::string name = {});    ///< any finite number
ParamField text(std::vector<std::string> choices = {});
/// A decimal as the source prints it: "0.98410", "-1.2"; with `exponent`, also "1.88e-3".
ParamField decimal(bool exponent);
ParamField digits();  ///< working digits, the range of the global --digits: [1, 20000]
ParamField seed();    ///< a seed: [0, 2^63 - 1]
ParamSpec scalar(std::string key, ParamField f);
ParamSpec list(std::string key, ParamField f, std::size_t min_size = 1);
/// A list of tuples [f0, f1, ...], each with exactly fields.size() values.
ParamSpec tuples(std::string key, std::vector<ParamField> fields,
                 std::function<std::string(const nlohmann::json&)> check_entry = {});
/// The points an asymptotic method grades on: at least 3, strictly increasing.
ParamSpec sequence(std::string key, ParamField f);
ParamSpec optional(ParamSpec p, nlohmann::json fallback);
/// A relation a < b between two integer or number keys, reported at b.
ParamRelation less(std::string a, std::string b, bool or_equal = false);
}  // namespace param

}  // namespace bc::verify
