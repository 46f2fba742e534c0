// Exact parsing of user-supplied real numbers.
//
// A parameter such as `--t 0.3` means the rational 3/10, not the double nearest to it: we parse
// decimal notation (with optional exponent) or a fraction p/q into an exact FLINT rational, and
// every later computation encloses that rational in an Arb ball at the working precision.
#pragma once

#include "core/flint.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace bc {

/// Parses "[-+]digits[.digits][e[-+]digits]", "[-+].digits..." or "[-+]p/q" (q > 0) exactly.
/// Returns nullopt on any malformed input, an exponent beyond +-100000, or more than 100000
/// characters (so that no input can make the parser allocate without bound).
std::optional<Fmpq> parse_exact_rational(std::string_view text);

/// Encloses an exact rational in a ball at precision prec.
void arb_set_exact(arb_t res, const Fmpq& q, slong prec);

}  // namespace bc
