// Cost: one pass over the string.
#include "output/plot_text.hpp"

#include "core/errors.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace bc::out {

namespace {

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
    const size_t n = utf8_decode(s, i, cp);
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
