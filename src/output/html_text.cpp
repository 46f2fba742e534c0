// Cost: one pass over the string.
#include "output/html_text.hpp"

#include <cstdint>

namespace bc::out {

namespace {

/// Length of the well-formed UTF-8 sequence at s[i] (1..4), or 0 when malformed.
size_t utf8_length(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  const size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) >> 6) != 0x2) return 0;
    cp = (cp << 6) | (b(i + k) & 0x3Fu);
  }
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

std::string html_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size() + s.size() / 8);
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    const size_t n = utf8_length(s, i);
    if (n == 0) {
      o += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
      continue;
    }
    if (n > 1) {
      // C1 controls and bidirectional overrides could make the page show other text than it holds
      const auto u = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
      const bool c1 = n == 2 && u(0) == 0xC2 && u(1) < 0xA0;
      const bool bidi =
          n == 3 && u(0) == 0xE2 &&
          ((u(1) == 0x80 && u(2) >= 0xAA && u(2) <= 0xAE) || (u(1) == 0x81 && u(2) >= 0xA6 && u(2) <= 0xA9));
      if (c1 || bidi) {
        o += "\xEF\xBF\xBD";
        i += n;
        continue;
      }
      o.append(s.substr(i, n));
      i += n;
      continue;
    }
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      case '\'':
        o += "&#39;";
        break;
      case '\n':
      case '\t':
        o += c;
        break;
      default:
        o += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    }
    ++i;
  }
  return o;
}

std::string html_id(std::string_view s) {
  std::string o;
  for (char c : s) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    o += ok ? c : '-';
  }
  return o.empty() ? "-" : o;
}

}  // namespace bc::out
