// Reading a paper's .tex source for tex --check (see tools/tex/scan.hpp).
// Cost: one pass over the text; each group, environment and number is read once.
#include "tex/scan.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace bc::cli::tex {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// Commands whose first N mandatory arguments are names, keys, files or sizes, not text.
const std::map<std::string, int>& name_arguments() {
  static const std::map<std::string, int> k{
      {"label", 1},          {"ref", 1},
      {"eqref", 1},          {"pageref", 1},
      {"autoref", 1},        {"cref", 1},
      {"Cref", 1},           {"nameref", 1},
      {"cite", 1},           {"citep", 1},
      {"citet", 1},          {"citealp", 1},
      {"citeauthor", 1},     {"citeyear", 1},
      {"nocite", 1},         {"input", 1},
      {"include", 1},        {"includeonly", 1},
      {"usepackage", 1},     {"RequirePackage", 1},
      {"documentclass", 1},  {"includegraphics", 1},
      {"bibliography", 1},   {"bibliographystyle", 1},
      {"addbibresource", 1}, {"url", 1},
      {"href", 1},           {"setlength", 2},
      {"addtolength", 2},    {"setcounter", 2},
      {"addtocounter", 2},   {"newcounter", 1},
      {"vspace", 1},         {"hspace", 1},
      {"definecolor", 3},    {"color", 1},
      {"textcolor", 1},      {"colorbox", 1},
      {"graphicspath", 1},   {"geometry", 1},
      {"hypersetup", 1},     {"linespread", 1},
      {"scalebox", 1},       {"resizebox", 2},
      {"rule", 2},           {"raisebox", 1},
      {"fontsize", 2},       {"multicolumn", 2},
      {"multirow", 2},       {"cline", 1},
      {"cmidrule", 1},       {"bcvalue", 1},
      {"newenvironment", 1}, {"pagestyle", 1},
      {"thispagestyle", 1},  {"pagenumbering", 1},
      {"bibitem", 1},        {"settowidth", 1},
      {"makebox", 0},
  };
  return k;
}

bool verbatim_environment(const std::string& env) {
  static const std::array<const char*, 11> k{"verbatim",    "verbatim*", "Verbatim",     "lstlisting",
                                             "minted",      "comment",   "filecontents", "filecontents*",
                                             "tikzpicture", "alltt",     "BVerbatim"};
  return std::find(k.begin(), k.end(), env) != k.end();
}

// Lengths a number may multiply (0.45\textwidth): the number is a size, not a quoted value.
bool length_macro(const std::string& m) {
  static const std::array<const char*, 16> k{"textwidth",    "linewidth",   "columnwidth", "textheight",
                                             "paperwidth",   "paperheight", "hsize",       "vsize",
                                             "baselineskip", "parindent",   "parskip",     "unitlength",
                                             "fill",         "tabcolsep",   "arraycolsep", "evensidemargin"};
  return std::find(k.begin(), k.end(), m) != k.end();
}

class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  PaperScan run() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '%') {
        skip_comment();
      } else if (c == '\\') {
        control();
      } else if (c == '^' || c == '_') {
        advance();
        skip_script();
      } else if (is_digit(c)) {
        const char prev = i_ > 0 ? s_[i_ - 1] : ' ';
        if (is_letter(prev) || prev == '@' || is_digit(prev))
          skip_word();
        else
          number();
      } else if (is_letter(c)) {
        skip_word();  // digits glued to a word (h32, log2) belong to it
      } else {
        advance();
      }
    }
    return std::move(out_);
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
  long line_ = 1;
  PaperScan out_;

  [[nodiscard]] char at(size_t k) const { return k < s_.size() ? s_[k] : '\0'; }
  void advance(size_t n = 1) {
    for (size_t k = 0; k < n && i_ < s_.size(); ++k, ++i_)
      if (s_[i_] == '\n') ++line_;
  }
  void skip_comment() {
    while (i_ < s_.size() && s_[i_] != '\n') ++i_;
  }
  void skip_spaces() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) advance();
  }
  void skip_word() {
    while (i_ < s_.size() && (is_letter(s_[i_]) || is_digit(s_[i_]))) ++i_;
  }
  // After '^' or '_': a group, a control sequence or one character.
  void skip_script() {
    skip_spaces();
    if (at(i_) == '{')
      (void)group();
    else if (at(i_) == '\\')
      (void)control_name();
    else
      advance();
  }
  // At '\': the control word's letters (or the one character of a control symbol), consumed.
  std::string control_name() {
    advance();  // the backslash
    if (!is_letter(at(i_))) {
      std::string sym(1, at(i_));
      advance();
      return sym;
    }
    const size_t from = i_;
    while (i_ < s_.size() && is_letter(s_[i_])) ++i_;
    return std::string(s_.substr(from, i_ - from));
  }
  // At '{': the text up to the matching '}' (consumed), comments dropped.
  std::string group() {
    advance();
    std::string o;
    int depth = 1;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\\' && i_ + 1 < s_.size()) {
        o += c;
        o += s_[i_ + 1];
        advance(2);
        continue;
      }
      if (c == '%') {
        skip_comment();
        continue;
      }
      if (c == '{') ++depth;
      if (c == '}' && --depth == 0) {
        advance();
        break;
      }
      o += c;
      advance();
    }
    return o;
  }
  // Optional [..] arguments and then n mandatory {..} ones (or single tokens).
  void skip_arguments(int n) {
    for (int k = 0; k <= n; ++k) {
      for (;;) {
        skip_spaces();
        if (at(i_) == '*') {
          advance();
        } else if (at(i_) == '[') {
          while (i_ < s_.size() && s_[i_] != ']') advance();
          advance();
        } else {
          break;
        }
      }
      if (k == n) break;
      if (at(i_) == '{')
        (void)group();
      else if (at(i_) == '\\')
        (void)control_name();
      else
        advance();
    }
  }
  void skip_environment(const std::string& env) {
    const std::string end = "\\end{" + env + "}";
    const size_t at_end = s_.find(end, i_);
    advance(at_end == std::string_view::npos ? s_.size() - i_ : at_end + end.size() - i_);
  }
  void verb() {
    if (at(i_) == '*') advance();
    const char delim = at(i_);
    advance();
    while (i_ < s_.size() && s_[i_] != delim && s_[i_] != '\n') advance();
    advance();
  }
  static std::string trimmed(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
  }
  // A file name after \input: {name} or, TeX's own syntax, a word.
  void file_argument(long line) {
    skip_spaces();
    std::string name;
    if (at(i_) == '{') {
      name = group();
    } else {
      while (i_ < s_.size() && std::string_view(" \t\r\n%\\{}").find(s_[i_]) == std::string_view::npos)
        name += s_[i_++];
    }
    out_.inputs.push_back({trimmed(name), line});
  }
  void control() {
    const long line = line_;
    const std::string name = control_name();
    if (name == "verb") return verb();
    if (name == "begin") {
      skip_spaces();
      if (at(i_) != '{') return;
      const std::string env = trimmed(group());
      if (verbatim_environment(env)) skip_environment(env);
      return;
    }
    if (name == "end") return skip_arguments(1);
    if (name == "input" || name == "include" || name == "subfile") return file_argument(line);
    if (name == "documentclass") out_.root = true;
    if (name == "bcvalue") {
      skip_spaces();
      if (at(i_) == '{') out_.uses.push_back({trimmed(group()), line});
      return;
    }
    const auto it = name_arguments().find(name);
    if (it != name_arguments().end()) skip_arguments(it->second);
  }
  void number();
  size_t digits_at(size_t k) const {
    size_t n = 0;
    while (is_digit(at(k + n))) ++n;
    return n;
  }
  // The length of a digit-group separator at k ("\,", "{,}", ",", "\;", "\ ", "~"), or 0.
  size_t separator_at(size_t k) const {
    for (std::string_view sep : {"\\,", "{,}", "\\;", "\\ ", "\\thinspace ", "~", ","})
      if (s_.substr(k, sep.size()) == sep) return sep.size();
    return 0;
  }
  size_t exponent_at(size_t k, long& exponent) const;
};

// "\times 10^{-3}", "\cdot10^3", "{\times}10^{4}" at k (after the mantissa): its length, or 0.
size_t Scanner::exponent_at(size_t k, long& exponent) const {
  const size_t start = k;
  auto spaces = [&] {
    while (at(k) == ' ' || at(k) == '\t' || at(k) == '\n') ++k;
  };
  spaces();
  bool matched = false;
  for (std::string_view op : {"{\\times}", "\\times", "\\cdot"})
    if (!matched && s_.substr(k, op.size()) == op && !is_letter(at(k + op.size()))) {
      k += op.size();
      matched = true;
    }
  if (!matched) return 0;
  spaces();
  if (s_.substr(k, 3) != "10^") return 0;
  k += 3;
  const bool braced = at(k) == '{';
  if (braced) ++k;
  spaces();
  bool negative = false;
  if (at(k) == '-' || at(k) == '+') negative = at(k++) == '-';
  const size_t n = braced ? digits_at(k) : std::min<size_t>(1, digits_at(k));
  if (n == 0 || n > 6) return 0;
  exponent = std::stol(std::string(s_.substr(k, n))) * (negative ? -1 : 1);
  k += n;
  if (braced) {
    spaces();
    if (at(k++) != '}') return 0;
  }
  return k - start;
}

void Scanner::number() {
  const size_t from = i_;
  const long line = line_;
  Decimal d;
  size_t k = i_;
  size_t n = digits_at(k);
  d.int_part = std::string(s_.substr(k, n));
  k += n;
  if (n <= 3)  // groups of three: 45\,696, 45{,}696, 45,696
    for (size_t sep; (sep = separator_at(k)) > 0 && digits_at(k + sep) == 3;) {
      d.int_part += s_.substr(k + sep, 3);
      k += sep + 3;
    }
  if (at(k) == '.' && is_digit(at(k + 1))) {
    n = digits_at(k + 1);
    d.frac_part = std::string(s_.substr(k + 1, n));
    k += 1 + n;
    for (size_t sep; (sep = separator_at(k)) > 0 && s_[k] == '\\' && digits_at(k + sep) > 0;) {
      n = digits_at(k + sep);
      d.frac_part += s_.substr(k + sep, n);
      k += sep + n;
    }
  }
  const bool sign = at(k + 1) == '-' || at(k + 1) == '+';
  if ((at(k) == 'e' || at(k) == 'E') && is_digit(at(k + (sign ? 2 : 1)))) {
    const size_t e = k + (sign ? 2 : 1);
    n = std::min<size_t>(digits_at(e), 6);
    d.exponent = std::stol(std::string(s_.substr(e, n))) * (at(k + 1) == '-' ? -1 : 1);
    d.has_exponent = true;
    k = e + n;
  } else if (long e = 0; size_t len = exponent_at(k, e)) {
    d.exponent = e;
    d.has_exponent = true;
    k += len;
  }
  const char next = at(k);
  bool skip = is_letter(next) || is_digit(next) || next == '^' || next == '_';  // 12pt, 3rd, 10^{4}
  if (!skip && next == '\\') {                                                  // 0.45\textwidth
    size_t m = k + 1;
    while (is_letter(at(m))) ++m;
    skip = length_macro(std::string(s_.substr(k + 1, m - k - 1)));
  }
  advance(k - i_);
  if (skip) {
    skip_word();
    return;
  }
  out_.numbers.push_back({std::string(s_.substr(from, k - from)), d, line});
}

}  // namespace

PaperScan scan_paper(std::string_view tex) { return Scanner(tex).run(); }

}  // namespace bc::cli::tex
