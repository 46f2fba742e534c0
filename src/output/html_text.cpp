// Cost: one pass over the string.
#include "output/html_text.hpp"

#include "core/visible_text.hpp"

#include <cstdint>

namespace bc::out {

std::string html_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size() + s.size() / 8);
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    uint32_t cp = 0;
    const size_t n = utf8_decode(s, i, cp);
    if (n == 0) {
      o += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
      continue;
    }
    // controls, C1 controls and bidirectional overrides could make the page show other text than it
    // holds: shown as visible_text writes them ("\x1b", "\u202e"); newline and tab are white space
    if (spoofing_code_point(cp) && c != '\n' && c != '\t') {
      o += visible_text(s.substr(i, n));
      i += n;
      continue;
    }
    if (n > 1) {
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
        o += c;
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
