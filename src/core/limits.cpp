#include "core/limits.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

namespace bc::limits {

void refuse(const std::string& what, double estimate, double limit, const std::string& unit,
            const std::string& hint) {
  throw ResourceError(fmt::format("{}: estimated {:.3g} {} exceeds the limit of {:.3g} {}{}", what, estimate,
                                  unit, limit, unit, hint.empty() ? std::string() : " (" + hint + ")"));
}

void check(const std::string& what, double estimate, double limit, const std::string& unit,
           const std::string& hint) {
  if (estimate > limit) refuse(what, estimate, limit, unit, hint);
}

}  // namespace bc::limits
