// Cost: one pass over the script.
#include "output/plot_template.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <sstream>
#include <string_view>

namespace bc::out {

namespace {

/// `line` with each single-quoted literal ('' inside is a quote) replaced by S; false when a
/// literal is not closed on its line.
bool strip_literals(const std::string& line, std::string& code) {
  code.clear();
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\'') {
      code += line[i];
      continue;
    }
    size_t j = i + 1;
    for (;; ++j) {
      if (j >= line.size()) return false;
      if (line[j] == '\'') {
        if (j + 1 < line.size() && line[j + 1] == '\'') {
          ++j;
          continue;
        }
        break;
      }
    }
    code += 'S';
    i = j;
  }
  return true;
}

bool data_line(std::string_view l) {
  return l.find_first_not_of("0123456789+-.eEnaNif ") == std::string_view::npos;
}

std::string code_problem(const std::string& code, bool continuation) {
  static constexpr std::array<std::string_view, 16> kPrefixes = {
      "set terminal ", "set output S",  "set datafile missing S",
      "set grid",      "set border ",   "set autoscale ",
      "set key ",      "set xlabel ",   "set ylabel ",
      "set title ",    "set bmargin ",  "set xrange [",
      "set yrange [",  "set logscale ", "set format ",
      "plot "};
  bool ok = continuation && code.rfind("     $", 0) == 0;
  for (auto p : kPrefixes) ok = ok || code.rfind(p, 0) == 0;
  if (!ok) return "not a command of the template";
  for (size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (!word && std::string_view(" $:,.-[]*+").find(c) == std::string_view::npos &&
        !(c == '\\' && i + 1 == code.size()))
      return fmt::format("character '{}' outside a literal", c);
  }
  // in a plot command a literal is a title or a colour, never a data source ('< cmd' runs a shell)
  if (code.rfind("plot ", 0) == 0 || continuation)
    for (size_t i = code.find('S'); i != std::string::npos; i = code.find('S', i + 1)) {
      const bool word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(code[i - 1]));
      const bool word_end = i + 1 == code.size() || !std::isalnum(static_cast<unsigned char>(code[i + 1]));
      if (!word_start || !word_end) continue;  // an S inside a word (transparent solid...)
      const std::string before = code.substr(0, i);
      if (!(before.size() >= 6 && before.compare(before.size() - 6, 6, "title ") == 0) &&
          !(before.size() >= 4 && before.compare(before.size() - 4, 4, "rgb ") == 0))
        return "a literal in a plot command that is not a title or a colour";
    }
  std::istringstream words(code);
  for (std::string w; words >> w;)
    for (std::string_view bad : {"system", "load", "call", "shell", "print", "cd", "save", "pause", "eval",
                                 "exit", "quit", "reread", "import", "fit", "update", "pipe"})
      if (w == bad) return fmt::format("the command word '{}'", w);
  return "";
}

}  // namespace

std::string script_outside_template(const std::string& script) {
  std::istringstream in(script);
  std::string line, code;
  bool in_data = false, continuation = false;
  for (size_t n = 1; std::getline(in, line); ++n) {
    const auto where = [&](const std::string& why) { return fmt::format("line {}: {}: {}", n, why, line); };
    if (in_data) {
      if (line == "EOD")
        in_data = false;
      else if (!data_line(line))
        return where("a data line that is not numbers");
      continue;
    }
    if (line.size() > 3 && line[0] == '$' && line.size() < 16 && line.find(" << EOD") != std::string::npos) {
      const std::string_view name(line.data() + 1, line.find(' ') - 1);
      if (name.size() < 2 || std::string_view("dgo").find(name[0]) == std::string_view::npos ||
          name.substr(1).find_first_not_of("0123456789") != std::string_view::npos)
        return where("not a data block of the template");
      in_data = true;
      continue;
    }
    if (!strip_literals(line, code)) return where("an unterminated literal");
    if (std::string why = code_problem(code, continuation); !why.empty()) return where(why);
    continuation = !code.empty() && code.back() == '\\';
  }
  if (in_data) return "an unterminated data block";
  return "";
}

}  // namespace bc::out
