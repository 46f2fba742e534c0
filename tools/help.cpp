// Help layout and wrapping (help.hpp). Cost: linear in the text.
#include "help.hpp"

#include "core/visible_text.hpp"
#include "output/cell_value.hpp"

#include <fmt/format.h>

#include <sys/ioctl.h>
#include <unistd.h>
#include <cstdlib>
#include <sstream>

namespace bc::cli {

namespace {

/// Display columns of a UTF-8 string: code points (every character boundcheck prints is one
/// column wide: ASCII, Greek letters, mathematical symbols).
size_t columns(std::string_view s) {
  size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

/// The byte offset in `s` after `cols` display columns (s.size() when s is shorter).
size_t offset_of_column(std::string_view s, size_t cols) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (n == cols) return i;
      ++n;
    }
  return s.size();
}

void wrap_line(std::string_view line, size_t width, size_t indent, size_t hanging, std::string& out) {
  const size_t lead = line.find_first_not_of(' ') == std::string_view::npos ? 0 : line.find_first_not_of(' ');
  std::string prefix(indent, ' ');
  const std::string cont(indent + lead + hanging, ' ');
  std::string_view rest = line;
  for (bool first = true;; first = false) {
    const std::string& p = first ? prefix : cont;
    if (!first)
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (p.size() + columns(rest) <= width || width <= p.size() + 8) {
      out += p;
      out += rest;
      out += '\n';
      return;
    }
    // the last space at or before the width (not within the leading spaces); else the first after
    const size_t limit = offset_of_column(rest, width - p.size());
    size_t cut = rest.rfind(' ', limit);
    if (cut == std::string_view::npos || cut <= (first ? lead : 0)) {
      cut = rest.find(' ', limit);
      if (cut == std::string_view::npos) {
        out += p;
        out += rest;
        out += '\n';
        return;
      }
    }
    std::string_view head = rest.substr(0, cut);
    while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
    out += p;
    out += head;
    out += '\n';
    rest.remove_prefix(cut);
  }
}

std::string section(const char* title, const std::string& body) {
  return std::string(title) + ":\n" + wrap(body, kHelpWidth, 2, 2);
}

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option_desc(const CLI::Option* opt) const override {
    return wrap_desc(CLI::Formatter::make_option_desc(opt));
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true), wrap_desc(sub->get_description()),
                             get_column_width());
    return out.str();
  }
  std::string make_description(const CLI::App* app) const override {
    const std::string d = CLI::Formatter::make_description(app);
    return d.empty() ? d : wrap(d, kHelpWidth, 0, 2);
  }
  std::string make_footer(const CLI::App* app) const override {
    const std::string f = app->get_footer();
    return f.empty() ? f : wrap(f, kHelpWidth, 0, 2);
  }

 private:
  // descriptions start at the name column's width: wrap them to what is left of the line
  std::string wrap_desc(const std::string& d) const {
    std::string w = wrap(d, kHelpWidth - get_column_width(), 0, 0);
    if (!w.empty() && w.back() == '\n') w.pop_back();
    return w;
  }
};

}  // namespace

std::string wrap(std::string_view text, size_t width, size_t indent, size_t hanging) {
  std::string out;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    wrap_line(text.substr(0, nl), width, indent, hanging, out);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

std::string compose_footer(const Help& h, const std::string& double_check) {
  std::string f = section("Formula", h.formula) + section("Source", h.source) + section("Cost", h.cost);
  if (!h.details.empty()) f += wrap(h.details, kHelpWidth, 0, 2);
  f += section("--double-check", double_check + ".");
  f += "Examples:\n";
  for (const std::string& e : h.examples) f += (e.rfind("boundcheck ", 0) == 0 ? "  " : "    ") + e + "\n";
  if (!f.empty() && f.back() == '\n') f.pop_back();
  return f;
}

std::shared_ptr<CLI::Formatter> make_help_formatter() { return std::make_shared<HelpFormatter>(); }

size_t stderr_terminal_width() {
  if (isatty(STDERR_FILENO) == 0) return 0;
  winsize ws{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) return ws.ws_col;
  if (const char* c = std::getenv("COLUMNS")) {
    const long n = std::strtol(c, nullptr, 10);
    if (n >= 20 && n <= 10000) return static_cast<size_t>(n);
  }
  return 80;
}

std::string format_note(std::string_view note, size_t width) {
  const std::string line = "note: " + one_line(std::string(note));
  if (width == 0) return line + "\n";
  return wrap(line, width, 0, 6);
}

std::string one_line(const std::string& s) {
  // Text from files (shard notes, spec names, expressions, claim ids) reaches the terminal here:
  // line breaks and tabs become spaces; any other control (ESC starts a terminal escape sequence),
  // C1 control, bidirectional override or malformed UTF-8 byte is shown as visible_text writes it
  // (\x1b, \u202e, \xef), never sent raw: the line is valid UTF-8 and shows what it holds.
  std::string spaced = s;
  for (char& c : spaced)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  std::string out = visible_text(spaced);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out::clip_digits(out);  // a 600,000-digit value named in an error: its first digits and size
}

}  // namespace bc::cli
