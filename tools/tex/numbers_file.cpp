// Writing and reading numbers.tex (see tools/tex/numbers_file.hpp).
// Cost: O(size of the file).
#include "tex/numbers_file.hpp"

#include "output/latex_text.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

namespace bc::cli::tex {

namespace {

constexpr std::string_view kDefine = "\\expandafter\\gdef\\csname bc@v@\\detokenize{";
constexpr std::string_view kBetween = "}\\endcsname{";

// The \bcvalue macro: the lines that are not comments or definitions (compared by --check).
const char* const kMacro =
    "\\protected\\gdef\\bcvalue#1{%\n"
    "\\ifcsname bc@v@\\detokenize{#1}\\endcsname\\csname bc@v@\\detokenize{#1}\\endcsname\n"
    "\\else\\PackageWarning{boundcheck}{Value `\\detokenize{#1}' undefined (not in the numbers file;\n"
    "regenerate it: boundcheck tex)}\\textbf{??}%\n"
    "\\fi}%\n";

std::string comment(const std::string& s) { return out::one_line_text(s); }

std::string claim_line(const Computed& c) {
  const verify::Claim& cl = *c.named.claim;
  if (!c.outcome) return "";
  const std::string verdict = verify::verdict_text(c.outcome->verdict, cl);
  const std::string expected = verify::verdict_text(cl.expect, cl);
  const std::string grade =
      c.outcome->grade.empty() || c.outcome->grade == "-" ? "" : ", " + c.outcome->grade;
  return fmt::format(
      "%   claim: {}{} ({}{})\n", verdict,
      c.outcome->verdict == cl.expect ? ", as expected" : ", NOT AS EXPECTED: expected " + expected,
      comment(cl.published.empty() ? "no published value" : "published " + cl.published), comment(grade));
}

std::string definition(const Computed& c) {
  const Named& n = c.named;
  std::string o =
      fmt::format("% {} = {}   [{} at {}{}]\n", comment(n.name), comment(n.expr), n.claim ? "claim" : "value",
                  comment(n.where), n.description.empty() ? "" : ": " + comment(n.description));
  const std::string shown =
      c.printed.digits_shown > 0 ? fmt::format("{} digits; ", c.printed.digits_shown) : "";
  o += fmt::format("%   computed: {} ({}{}); style {}\n", comment(c.printed.decimal), shown,
                   comment(c.printed.enclosure), style_name(n.style));
  if (n.claim) o += claim_line(c);
  o += fmt::format("{}{}{}{}}}\n", kDefine, n.name, kBetween, c.printed.latex);
  return o;
}

}  // namespace

std::string numbers_file(const std::vector<Computed>& values, const std::string& regenerate) {
  std::string o = fmt::format(
      "{}{}. Do not edit: regenerate with\n"
      "%   {}\n"
      "% and check the paper against it with boundcheck tex --check PAPER.tex --catalogue DIR.\n"
      "% \\bcvalue{{NAME}} prints the value NAME in text, in math, in a \\caption and in a table; an\n"
      "% unknown NAME prints a bold ?? and a LaTeX warning, as an undefined \\ref does. e-TeX\n"
      "% (pdflatex, xelatex, lualatex). Every digit printed is proven; exact integers are in full.\n",
      kNumbersFileStart, BOUNDCHECK_VERSION, comment(regenerate));
  o += kMacro;
  for (const auto& c : values) o += definition(c);
  return o;
}

NumbersFile read_numbers_file(const std::string& text) {
  NumbersFile f;
  long line_no = 0;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '%') continue;
    if (line.rfind(kDefine, 0) != 0) {
      f.macro_lines.push_back(line);
      continue;
    }
    const size_t between = line.find(kBetween, kDefine.size());
    if (between == std::string::npos || line.back() != '}') {
      f.malformed.emplace_back(line_no, line);
      continue;
    }
    const std::string name = line.substr(kDefine.size(), between - kDefine.size());
    const size_t from = between + kBetween.size();
    if (!f.definitions
             .emplace(name, NumbersFile::Definition{line_no, line.substr(from, line.size() - 1 - from)})
             .second)
      f.malformed.emplace_back(line_no, line);
  }
  return f;
}

}  // namespace bc::cli::tex
