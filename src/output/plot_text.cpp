// Cost: one pass over the string.
#include "output/plot_text.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace bc::out {

namespace {

/// Decodes one UTF-8 sequence at s[i]; returns its length (0 when malformed) and the code point.
size_t decode_utf8(std::string_view s, size_t i, uint32_t& cp) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
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

bool invisible_or_control(uint32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

}  // namespace

std::string plot_text_problem(std::string_view s) {
  if (s.size() > kMaxPlotText)
    return fmt::format("is {} bytes long; a figure's text is at most {}", s.size(), kMaxPlotText);
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = decode_utf8(s, i, cp);
    if (n == 0) return fmt::format("is not valid UTF-8 (byte {})", i + 1);
    if (invisible_or_control(cp))
      return fmt::format(
          "contains the control or invisible character U+{:04X} (byte {}); figure text is "
          "one line of printable characters",
          cp, i + 1);
    if (cp == '`' || cp == '@')
      return fmt::format(
          "contains '{}' (byte {}), which gnuplot treats as a substitution; figure text may "
          "not hold ` or @",
          static_cast<char>(cp), i + 1);
    i += n;
  }
  return "";
}

std::string gnuplot_literal(std::string_view s, std::string_view what) {
  if (std::string p = plot_text_problem(s); !p.empty()) throw UsageError(fmt::format("{} {}", what, p));
  std::string o = "'";
  for (char c : s) {
    if (c == '\'') o += '\'';
    o += c;
  }
  return o + "'";
}

}  // namespace bc::out
