// Reading a catalogue's TOML strictly (internal to src/verify): every problem is collected with its
// file:line:column, a key nobody reads is an error with the key it was probably meant to be (a
// misspelt `expect` must not turn a check off), and the fields are read with their types checked.
#pragma once

#include "core/errors.hpp"
#include "verify/definitions.hpp"

#include <toml++/toml.h>

#include <optional>
#include <string>
#include <vector>

namespace bc::verify::detail {

/// The problems found so far, each one line "file:line:column: what".
class Problems {
 public:
  static constexpr size_t kMax = 100;  ///< past this many, one line says how many more
  void add(const Where& at, const std::string& what);
  [[nodiscard]] bool empty() const { return lines_.empty(); }
  [[nodiscard]] size_t size() const { return lines_.size() + dropped_; }
  /// Throws InputErrors with every problem (nothing when there is none).
  void raise_if_any() const;

 private:
  std::vector<std::string> lines_;
  size_t dropped_ = 0;
};

/// Where a node starts in `file` (line and column 0 when toml++ has no position for it).
Where where_of(const toml::node& n, const std::string& file);
Where where_of(const toml::key& k, const std::string& file);

/// Each key of `t` not in `known` is a problem at the key: `what` ("claim \"x\"") has no key
/// "expct" (did you mean expect?; keys: ...).
void check_keys(const toml::table& t, const std::vector<std::string>& known, const std::string& what,
                const std::string& file, Problems& p);

/// A string field: nullopt when absent; a problem (and nullopt) when present but not a string, or
/// empty and `nonempty`.
std::optional<std::string> string_field(const toml::table& t, const char* key, const std::string& what,
                                        const std::string& file, Problems& p, bool nonempty = true);

/// The printable form of a user's text in a message: at most 40 characters, controls escaped.
std::string shown_text(const std::string& s);

}  // namespace bc::verify::detail
