// The readers of a catalogue file's entries (internal to src/verify; verify/load.cpp calls them).
#pragma once

#include "verify/catalogue.hpp"
#include "verify/toml_read.hpp"

#include <optional>
#include <string>

namespace bc::verify::detail {

/// One [[claim]] (verify/read_claim.cpp); nullopt when it has problems (added to p).
std::optional<Claim> read_claim(const toml::table& t, const std::string& file, size_t index, Problems& p);

/// [claim.params] of a method claim, checked against the method's declaration (verify/params.hpp,
/// verify/read_params.cpp); the params as JSON with defaults filled in, or nullopt when there are
/// problems (added to p).
std::optional<nlohmann::json> read_params(const toml::table& claim, const Method& m, const Claim& c,
                                          Problems& p);

/// kind, expect, evidence and untestable: what a claim's outcome is expected to be and may say
/// (verify/read_verdict.cpp).
void read_verdict_fields(const toml::table& t, Claim& c, Problems& p);

/// One [[quantity]] and one [[value]] (verify/read_definitions.cpp).
std::optional<QuantityDef> read_quantity(const toml::table& t, const std::string& file, size_t index,
                                         Problems& p);
std::optional<ValueDef> read_value(const toml::table& t, const std::string& file, size_t index, Problems& p);

}  // namespace bc::verify::detail
