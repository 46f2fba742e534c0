// Cost: one pass over the string.
#include "output/latex_text.hpp"

#include "core/visible_text.hpp"

#include <cctype>
#include <map>

namespace bc::out {

namespace {

// Appends the character (or malformed byte) at s[i] when it is not ASCII; advances i past it. C1
// and bidirectional controls and malformed bytes are shown as visible_text writes them ("\u202e",
// whose backslash LaTeX sets as \textbackslash{}): pdflatex would stop at them, and an engine that
// reads Unicode would reorder the text around an override.
void append_non_ascii(std::string& o, std::string_view s, size_t& i) {
  uint32_t cp = 0;
  const size_t n = utf8_decode(s, i, cp);
  const size_t len = n == 0 ? 1 : n;
  if (n == 0 || spoofing_code_point(cp)) {
    const std::string v = visible_text(s.substr(i, len));
    o += "\\textbackslash{}" + v.substr(1);
  } else {
    o.append(s.substr(i, len));
  }
  i += len;
}

}  // namespace

std::string latex_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      append_non_ascii(o, s, i);
      continue;
    }
    ++i;
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
      // in the default OT1 font encoding these three print as other glyphs (¡ ¿ —)
      case '<':
        o += "\\textless{}";
        break;
      case '>':
        o += "\\textgreater{}";
        break;
      case '|':
        o += "\\textbar{}";
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
  std::string o;
  o.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = utf8_decode(s, i, cp);
    if (n == 0 || spoofing_code_point(cp))
      o += ' ';
    else
      o.append(s.substr(i, n));
    i += n == 0 ? 1 : n;
  }
  return o;
}

std::string latex_key_value(std::string_view header, std::string_view value) {
  if (!latex_plain_number(value)) return std::string(header) + " = " + latex_escape(value);
  const bool one_group = header.size() >= 2 && header.front() == '$' && header.back() == '$' &&
                         header.find('$', 1) == header.size() - 1;
  if (one_group) return std::string(header.substr(0, header.size() - 1)) + " = " + std::string(value) + "$";
  return std::string(header) + " $= " + std::string(value) + "$";
}

namespace {

const std::map<std::string, std::string>& symbol_names() {
  static const std::map<std::string, std::string> k = {
      {"alpha", "α"},      {"beta", "β"},    {"gamma", "γ"},   {"delta", "δ"},   {"epsilon", "ϵ"},
      {"varepsilon", "ε"}, {"zeta", "ζ"},    {"eta", "η"},     {"theta", "θ"},   {"vartheta", "ϑ"},
      {"iota", "ι"},       {"kappa", "κ"},   {"lambda", "λ"},  {"mu", "μ"},      {"nu", "ν"},
      {"xi", "ξ"},         {"pi", "π"},      {"rho", "ρ"},     {"sigma", "σ"},   {"tau", "τ"},
      {"upsilon", "υ"},    {"phi", "ϕ"},     {"varphi", "φ"},  {"chi", "χ"},     {"psi", "ψ"},
      {"omega", "ω"},      {"Gamma", "Γ"},   {"Delta", "Δ"},   {"Theta", "Θ"},   {"Lambda", "Λ"},
      {"Xi", "Ξ"},         {"Pi", "Π"},      {"Sigma", "Σ"},   {"Phi", "Φ"},     {"Psi", "Ψ"},
      {"Omega", "Ω"},      {"ell", "ℓ"},     {"le", "≤"},      {"leq", "≤"},     {"ge", "≥"},
      {"geq", "≥"},        {"ne", "≠"},      {"neq", "≠"},     {"pm", "±"},      {"times", "×"},
      {"cdot", "·"},       {"infty", "∞"},   {"sum", "Σ"},     {"prod", "Π"},    {"langle", "⟨"},
      {"rangle", "⟩"},     {"to", "→"},      {"approx", "≈"},  {"sim", "∼"},     {"lesssim", "≲"},
      {"gtrsim", "≳"},     {"partial", "∂"}, {"nabla", "∇"},   {"in", "∈"},      {"odot", "⊙"},
      {"otimes", "⊗"},     {"dots", "..."},  {"ldots", "..."}, {"cdots", "..."}, {"%", "%"},
      {"&", "&"},          {"#", "#"},       {"_", "_"},       {"$", "$"},       {",", " "},
      {";", " "},          {":", " "},       {"!", ""},        {" ", " "},       {"quad", "  "},
      {"{", "("},          {"}", ")"},       {"|", "‖"},       {"lvert", "|"},   {"rvert", "|"},
  };
  return k;
}

bool is_font_macro(const std::string& m) {
  return m == "mathrm" || m == "text" || m == "textrm" || m == "mathit" || m == "mathbf" || m == "mathsf" ||
         m == "operatorname" || m == "boldsymbol" || m == "mathcal" || m == "textit" || m == "textbf" ||
         m == "emph" || m == "left" || m == "right" || m == "big" || m == "Big";
}

class Plain {
 public:
  explicit Plain(std::string_view s) : s_(s) {}
  std::string run() { return until_close(); }

 private:
  /// Converts up to the '}' closing the current group (or the end), consuming it.
  std::string until_close() {
    std::string o;
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '}') return o;
      if (c == '{') {
        o += until_close();
      } else if (c == '$') {
        continue;
      } else if (c == '~') {
        o += ' ';
      } else if (c == '\\') {
        o += macro();
      } else if (c == '_' || c == '^') {
        o += c;
        o += '{' + argument() + '}';
      } else {
        o += (static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
      }
    }
    return o;
  }
  /// The next argument: a braced group or one token.
  std::string argument() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    if (i_ >= s_.size()) return "";
    if (s_[i_] == '{') {
      ++i_;
      return until_close();
    }
    if (s_[i_] == '\\') {
      ++i_;
      return macro();
    }
    return std::string(1, s_[i_++]);
  }
  std::string macro() {
    std::string name;
    if (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_])) == 0) {
      name = std::string(1, s_[i_++]);
    } else {
      while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_])) != 0) name += s_[i_++];
    }
    if (name == "binom") {
      const std::string a = argument(), b = argument();
      return "C(" + a + ", " + b + ")";
    }
    if (name == "frac") {
      const std::string a = argument(), b = argument();
      return a + "/" + b;
    }
    if (name == "sqrt") return "√(" + argument() + ")";
    if (is_font_macro(name)) return "";  // its argument follows as a group: kept as text
    const auto it = symbol_names().find(name);
    return it != symbol_names().end() ? it->second : name;
  }
  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

std::string latex_to_plain(std::string_view s) {
  std::string o = Plain(s).run();
  // collapse runs of spaces and trim
  std::string r;
  for (char c : o)
    if (!(c == ' ' && (r.empty() || r.back() == ' '))) r += c;
  while (!r.empty() && r.back() == ' ') r.pop_back();
  return r;
}

}  // namespace bc::out
