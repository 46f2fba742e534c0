// Cost: one pass over the string.
#include "output/latex_text.hpp"

namespace bc::out {

std::string latex_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '_':
      case '%':
      case '&':
      case '#':
      case '$':
      case '{':
      case '}':
        o += '\\';
        o += c;
        break;
      case '\\':
        o += "\\textbackslash{}";
        break;
      case '~':
        o += "\\textasciitilde{}";
        break;
      case '^':
        o += "\\textasciicircum{}";
        break;
      default:
        o += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    }
  }
  return o;
}

bool latex_plain_number(std::string_view s) {
  if (s.empty() || s.size() > 4096) return false;
  for (char c : s)
    if (!(std::string_view("0123456789+-./eE[] ()sqrtpi*").find(c) != std::string_view::npos)) return false;
  return true;
}

std::string one_line_text(std::string_view s) {
  std::string o(s);
  for (char& c : o)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return o;
}

}  // namespace bc::out
