// Strict reading of a catalogue's TOML (see toml_read.hpp).
// Cost: O(keys x known keys) edit distances of short words per table.
#include "verify/toml_read.hpp"

#include "core/suggest.hpp"

#include <fmt/format.h>

namespace bc::verify::detail {

void Problems::add(const Where& at, const std::string& what) {
  if (lines_.size() >= kMax) {
    ++dropped_;
    return;
  }
  lines_.push_back(at.line > 0 ? fmt::format("{}: {}", at.str(), what)
                               : fmt::format("{}: {}", at.file, what));
}

void Problems::raise_if_any() const {
  if (lines_.empty()) return;
  std::vector<std::string> all = lines_;
  if (dropped_ > 0) all.push_back(fmt::format("... and {} more problems", dropped_));
  throw InputErrors(std::move(all));
}

Where where_of(const toml::node& n, const std::string& file) {
  return {file, static_cast<long>(n.source().begin.line), static_cast<long>(n.source().begin.column)};
}

Where where_of(const toml::key& k, const std::string& file) {
  return {file, static_cast<long>(k.source().begin.line), static_cast<long>(k.source().begin.column)};
}

std::string shown_text(const std::string& s) {
  std::string out;
  size_t shown = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c & 0xC0) != 0x80 && ++shown > 40) {
      out += "...";
      break;
    }
    if (c < 0x20 || c == 0x7F)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  return "\"" + out + "\"";
}

void check_keys(const toml::table& t, const std::vector<std::string>& known, const std::string& what,
                const std::string& file, Problems& p) {
  for (auto&& [k, v] : t) {
    const std::string key(k.str());
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    const auto close = did_you_mean(key, known);
    p.add(where_of(k, file),
          fmt::format("{} has no key {}{} (keys: {})", what, shown_text(key),
                      close.empty() ? "" : fmt::format(" (did you mean {}?)", close.front()),
                      fmt::join(known, ", ")));
  }
}

std::optional<std::string> string_field(const toml::table& t, const char* key, const std::string& what,
                                        const std::string& file, Problems& p, bool nonempty) {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  const auto* s = n->as_string();
  if (s == nullptr) {
    p.add(where_of(*n, file), fmt::format("{}: {} must be a string", what, key));
    return std::nullopt;
  }
  if (nonempty && s->get().empty()) {
    p.add(where_of(*n, file), fmt::format("{}: {} must not be empty", what, key));
    return std::nullopt;
  }
  return s->get();
}

}  // namespace bc::verify::detail
