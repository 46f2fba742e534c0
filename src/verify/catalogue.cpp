#include "verify/catalogue.hpp"

#include "core/errors.hpp"
#include "core/text_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

namespace bc::embedded {
const std::vector<std::pair<std::string, std::string>>& catalogue_files();  // generated
}

namespace bc::verify {

const std::vector<CatalogueFile>& embedded_catalogue() {
  static const std::vector<CatalogueFile> files = [] {
    std::vector<CatalogueFile> v;
    for (const auto& [name, text] : embedded::catalogue_files()) v.push_back({name, text});
    return v;
  }();
  return files;
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::holds:
      return "holds";
    case Verdict::fails:
      return "fails";
    case Verdict::undecided:
      return "undecided";
  }
  return "?";
}

std::string verdict_text(Verdict v, const Claim& c) {
  if (!c.untestable.empty()) return "not testable";
  if (!c.lower_bound.empty())
    return v != Verdict::holds ? "not certified" : c.asymptotic ? "consistent" : "certified";
  if (c.asymptotic)
    return v == Verdict::holds   ? "consistent"
           : v == Verdict::fails ? "inconsistent"
                                 : "undecided: extend the grid";
  return c.formula && v == Verdict::holds ? "evaluated" : verdict_name(v);
}

const std::map<std::string, Check>& registry() {
  static const std::map<std::string, Check> r = [] {
    std::map<std::string, Check> m;
    register_sphere_checks(m);
    register_rank_checks(m);
    register_depth_checks(m);
    register_sym_checks(m);
    register_comm_checks(m);
    return m;
  }();
  return r;
}

std::vector<CatalogueFile> read_catalogue_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("--catalogue must be a directory of .toml files, got \"{}\"", dir));
  std::vector<CatalogueFile> out;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".toml") continue;
    if (out.size() >= 1000)
      throw UsageError(fmt::format("--catalogue: \"{}\" holds more than 1000 .toml files", dir));
    // a catalogue file is untrusted: at most 4 MiB, text, lines of at most 64 Ki characters
    out.push_back(
        {(std::filesystem::path(dir) / e.path().filename()).lexically_normal().string(),
         read_text_file(e.path().string(), TextLimits{size_t(4) << 20, size_t(1) << 16}, "--catalogue")});
  }
  if (ec) throw DomainError(fmt::format("--catalogue: cannot list \"{}\": {}", dir, ec.message()));
  if (out.empty())
    throw UsageError(
        fmt::format("--catalogue: \"{}\" holds no .toml file (a catalogue is a directory of them)", dir));
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return out;
}

namespace {

// A method that states no grade: read it off its tolerance rule.
std::string default_grade(const Claim& c, Verdict v) {
  if (v != Verdict::holds) return "-";
  const std::string& t = c.tolerance;
  if (t.rfind("exact", 0) == 0) return "exact";
  if (t.find("truncat") != std::string::npos) return "as truncation";
  if (t.find("round") != std::string::npos) return "as rounding";
  return "within the stated tolerance";
}

}  // namespace

namespace detail {

void check_param(const Claim& c, const char* key, const nlohmann::json& v, bool integer, bool is_unsigned,
                 bool floating) {
  if (v.is_array()) {
    for (const auto& e : v) check_param(c, key, e, integer, is_unsigned, floating);
    return;
  }
  auto bad = [&](const char* rule) {
    return ParamError(fmt::format("verify: {}: claim \"{}\": params.{} must be {}, got {}", c.file, c.id, key,
                                  rule, v.dump().substr(0, 40)));
  };
  if (integer) {
    if (!v.is_number_integer()) throw bad("an integer");
    if (is_unsigned) {
      const std::string k = key;
      // the loop bounds (l_max, l_hi, L, N_max, d_max, trials) drive the cost: 10^5; single
      // values (d, l, l_extra, ...) any 62-bit size (closed forms); seeds any 64-bit value
      const bool bound =
          k == "l_max" || k == "l_hi" || k == "L" || k == "N_max" || k == "d_max" || k == "trials";
      const double cap = k == "seed" ? 1.8446744073709552e19 : bound ? 1e5 : 4.611686018427388e18;
      const bool out_of_range = v.is_number_unsigned() ? static_cast<double>(v.get<std::uint64_t>()) > cap
                                                       : v.get<std::int64_t>() < 0 ||
                                                             static_cast<double>(v.get<std::int64_t>()) > cap;
      if (out_of_range)
        throw bad(k == "seed" ? "an integer >= 0" : fmt::format("an integer in [0, {:.0f}]", cap).c_str());
    } else if (std::string_view(key) == "digits") {  // the range of the global --digits
      if (v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 20000) throw bad("an integer in [1, 20000]");
    } else if (v.get<std::int64_t>() < -1000000 || v.get<std::int64_t>() > 1000000) {
      throw bad("an integer in [-10^6, 10^6]");
    }
  } else if (floating) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) throw bad("a finite number");
  }
}

}  // namespace detail

namespace {

// What the claim's evidence lets its outcome say (Claim::untestable, Claim::lower_bound).
void apply_evidence(const Claim& c, Outcome& o) {
  if (!c.untestable.empty()) {
    o.verdict = Verdict::undecided;
    o.grade = c.untestable;
    o.detail = c.untestable;
    return;
  }
  if (c.lower_bound.empty()) return;
  if (o.verdict == Verdict::holds) {
    o.grade = fmt::format("{}; shown by {}, a lower bound of the claimed quantity", o.grade, c.lower_bound);
  } else if (o.verdict == Verdict::fails) {
    // the true quantity is at least the bound: a bound that falls short refutes nothing
    o.verdict = Verdict::undecided;
    o.grade = fmt::format("not certified by {}{}", c.lower_bound,
                          o.growth.empty() ? "" : " (it grows " + o.growth + ")");
    o.detail = fmt::format(
        "{} (a lower bound) does not reach the claim, which refutes nothing about the "
        "claimed quantity: {}",
        c.lower_bound, o.detail);
  } else {
    o.grade = fmt::format("not certified by {}: {}", c.lower_bound, o.grade);
  }
}

// True when a method's text shows a double that overflowed ("nan", "-nan", "inf" as a word): a
// method's double-precision step left its range (hostile parameters gave "F ~ d^-nan", and a
// quadrature at d = 2^62 a nan deviation that "failed"), so its verdict rests on nothing.
bool shows_non_finite(const std::string& text) {
  for (const char* word : {"nan", "inf"})
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
      const size_t end = at + 3;
      const bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
      const bool right = end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
      if (left && right) return true;
    }
  return false;
}

Outcome run_checked(const Claim& c, const Quantities* q) {
  try {
    if (!c.expr.empty()) return run_expression(c, q);
    Outcome o = registry().at(c.method)(c);
    if (shows_non_finite(o.computed))
      return {o.computed, Verdict::undecided,
              "a double-precision step of the method overflowed (nan or inf) at these parameters: outside "
              "its range",
              "error"};
    if (o.grade.empty()) o.grade = default_grade(c, o.verdict);
    return o;
  } catch (const ParamError&) {
    throw;
  } catch (const std::exception& e) {
    Outcome o;
    o.computed = "-";
    o.verdict = Verdict::undecided;
    o.detail = e.what();
    o.grade = "error";
    return o;
  }
}

}  // namespace

Outcome run_claim(const Claim& c, const Quantities* q) {
  Outcome o = run_checked(c, q);
  apply_evidence(c, o);
  return o;
}

}  // namespace bc::verify
