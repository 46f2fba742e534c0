// The problems tex --check reports (see tools/tex/check.hpp).
// Cost: see the header.
#include "tex/check.hpp"

#include "core/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace bc::cli::tex {

std::string Problem::str() const {
  return line > 0 ? fmt::format("{}:{}: {}", file, line, message) : fmt::format("{}: {}", file, message);
}

namespace {

std::string clip(const std::string& s, size_t n = 60) {
  return s.size() <= n ? s : s.substr(0, n - 3) + "...";
}

void undefined_uses(const CheckInput& in, std::vector<Problem>& out) {
  std::vector<std::string> names;
  for (const auto& v : *in.values) names.push_back(v.named.name);
  for (const auto& u : in.scan->uses) {
    if (std::find(names.begin(), names.end(), u.name) != names.end()) continue;
    const bool claim = std::find(in.claims_without_value.begin(), in.claims_without_value.end(), u.name) !=
                       in.claims_without_value.end();
    out.push_back(
        {in.paper, u.line, "undefined", u.name,
         claim
             ? fmt::format("\\bcvalue{{{}}}: the claim {} has no single value to print (a method, a grid, a "
                           "quantifier or an asymptotic claim)",
                           clip(u.name), clip(u.name))
             : fmt::format("\\bcvalue{{{}}} is not defined by the catalogue{}", clip(u.name),
                           suggestion(u.name, names))});
  }
}

std::string stem(const std::string& path) {
  std::filesystem::path p(path);
  if (p.extension() == ".tex") p.replace_extension();
  return p.filename().string();
}

void missing_input(const CheckInput& in, std::vector<Problem>& out) {
  if (in.scan->uses.empty() || !in.scan->root) return;
  const std::string want = stem(in.numbers);
  for (const auto& i : in.scan->inputs)
    if (stem(i.name) == want) return;
  out.push_back(
      {in.paper, 0, "input", want,
       fmt::format("uses \\bcvalue but never \\input{{{}}} (the numbers file {}): add it to the preamble",
                   want, in.numbers)});
}

void stale(const CheckInput& in, std::vector<Problem>& out) {
  if (!in.numbers_text) {
    out.push_back({in.numbers, 0, "stale", "", "missing: write it with " + in.regenerate});
    return;
  }
  const NumbersFile have = read_numbers_file(*in.numbers_text), want = read_numbers_file(in.expected_text);
  const std::string fix = "regenerate it: " + in.regenerate;
  for (const auto& [line, text] : have.malformed)
    out.push_back({in.numbers, line, "stale", "", "a malformed or repeated definition: " + fix});
  if (have.macro_lines != want.macro_lines)
    out.push_back({in.numbers, 0, "stale", "",
                   "its \\bcvalue macro is not the one this boundcheck writes (edited, or written by "
                   "another version): " +
                       fix});
  for (const auto& [name, def] : want.definitions) {
    const auto it = have.definitions.find(name);
    if (it == have.definitions.end())
      out.push_back({in.numbers, 0, "stale", name, fmt::format("{} is not defined in it: {}", name, fix)});
    else if (it->second.latex != def.latex)
      out.push_back({in.numbers, it->second.line, "stale", name,
                     fmt::format("{} is stale: the file has {}, the catalogue gives {} now: {}", name,
                                 clip(it->second.latex), clip(def.latex), fix)});
  }
  for (const auto& [name, def] : have.definitions)
    if (!want.definitions.count(name))
      out.push_back({in.numbers, def.line, "stale", name,
                     fmt::format("{} is no longer defined by the catalogue: {}", clip(name), fix)});
}

void claims(const CheckInput& in, std::vector<Problem>& out) {
  std::set<std::string> done;
  for (const auto& u : in.scan->uses) {
    if (!done.insert(u.name).second) continue;
    for (const auto& v : *in.values) {
      if (v.named.name != u.name || v.named.claim == nullptr || !v.outcome) continue;
      const verify::Claim& c = *v.named.claim;
      if (v.outcome->verdict == c.expect) continue;
      const std::string detail = v.outcome->detail.empty() ? "" : ": " + v.outcome->detail;
      out.push_back({in.paper, u.line, "claim", c.id,
                     fmt::format("the paper relies on claim {} ({}:{}), which {} (expected {}){}", c.id,
                                 c.file, c.line, verify::verdict_text(v.outcome->verdict, c),
                                 verify::verdict_text(c.expect, c), detail)});
    }
  }
}

void typed(const CheckInput& in, std::vector<Problem>& out) {
  std::map<Magnitude, std::vector<const Computed*>> by_value;
  for (const auto& v : *in.values)
    if (v.printed.key) by_value[*v.printed.key].push_back(&v);
  for (const auto& t : in.scan->numbers) {
    if (significant_digits(t.decimal) < kTypedMinDigits) continue;
    const auto it = by_value.find(magnitude(t.decimal));
    if (it == by_value.end()) continue;
    std::vector<std::string> names, macros;
    for (const Computed* v : it->second) {
      names.push_back(fmt::format("{} ({})", v->named.name, clip(v->named.expr)));
      macros.push_back(fmt::format("\\bcvalue{{{}}}", v->named.name));
    }
    out.push_back({in.paper, t.line, "typed", it->second.front()->named.name,
                   fmt::format("{} is typed by hand and is the value of {}: write {}", clip(t.text),
                               fmt::join(names, " and of "), fmt::join(macros, " or "))});
  }
}

}  // namespace

std::vector<Problem> check_paper(const CheckInput& in) {
  std::vector<Problem> out;
  undefined_uses(in, out);
  missing_input(in, out);
  stale(in, out);
  claims(in, out);
  typed(in, out);
  // in the order a reader meets them: the paper by line, then the numbers file
  std::stable_sort(out.begin(), out.end(), [&](const Problem& a, const Problem& b) {
    const bool pa = a.file == in.paper, pb = b.file == in.paper;
    if (pa != pb) return pa;
    return a.line < b.line;
  });
  return out;
}

}  // namespace bc::cli::tex
