// See visible_text.hpp. Cost: one pass over the string.
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <iterator>

namespace bc {

size_t utf8_decode(std::string_view s, size_t i, uint32_t& cp) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  const size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  cp = n == 1 ? c : n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) >> 6) != 0x2) return 0;
    cp = (cp << 6) | (b(i + k) & 0x3Fu);
  }
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;  // overlong, surrogate
  return n;
}

bool spoofing_code_point(uint32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E ||
         cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

namespace {

// The first index at or after i where something must be escaped (s.size() when none).
size_t next_unsafe(std::string_view s, size_t i) {
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {  // printable ASCII: the common case, one comparison
      ++i;
      continue;
    }
    uint32_t cp = 0;
    const size_t n = utf8_decode(s, i, cp);
    if (n == 0 || spoofing_code_point(cp)) return i;
    i += n;
  }
  return s.size();
}

// The escape of the character (or malformed byte) at s[i]; advances i past it.
void append_escape(std::string& out, std::string_view s, size_t& i) {
  uint32_t cp = 0;
  const size_t n = utf8_decode(s, i, cp);
  if (n == 0 || cp < 0x80) {
    fmt::format_to(std::back_inserter(out), "\\x{:02x}", static_cast<unsigned char>(s[i]));
    ++i;
    return;
  }
  fmt::format_to(std::back_inserter(out), "\\u{:04x}", cp);
  i += n;
}

}  // namespace

bool text_is_visible(std::string_view s) { return next_unsafe(s, 0) == s.size(); }

void append_visible(std::string& out, std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const size_t j = next_unsafe(s, i);
    out.append(s.substr(i, j - i));
    if (j == s.size()) return;
    i = j;
    append_escape(out, s, i);
  }
}

std::string visible_text(std::string_view s) {
  if (text_is_visible(s)) return std::string(s);
  std::string out;
  out.reserve(s.size() + 16);
  append_visible(out, s);
  return out;
}

std::string char_at(std::string_view s, size_t i, size_t& len) {
  if (i >= s.size()) {
    len = 0;
    return "end of text";
  }
  uint32_t cp = 0;
  const size_t n = utf8_decode(s, i, cp);
  len = n == 0 ? 1 : n;
  return visible_text(s.substr(i, len));
}

}  // namespace bc
