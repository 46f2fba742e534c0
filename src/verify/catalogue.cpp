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

const Methods& registry() {
  static const Methods r = [] {
    Methods m;
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
    // a FIFO, socket or device named *.toml would block the read (or never end): only regular
    // files (and directories, which read_text_file names) are read
    std::error_code st;
    const auto type = fs::status(e.path(), st).type();
    if (!st && type != fs::file_type::regular && type != fs::file_type::directory)
      throw UsageError(fmt::format("--catalogue: \"{}\" is not a regular file",
                                   (fs::path(dir) / e.path().filename()).lexically_normal().string()));
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

const nlohmann::json& declared_param(const Claim& c, const char* key, ParamField::Kind kind, int depth,
                                     long double lo, long double hi) {
  auto internal = [&](const std::string& why) {
    return std::logic_error(fmt::format("internal error: method {} reads params.{}: {}", c.method, key, why));
  };
  const auto m = registry().find(c.method);
  if (m == registry().end()) throw internal("no such method");
  const ParamSpec* s = m->second.param(key);
  if (s == nullptr) throw internal("not in its declaration");
  const int declared = s->shape == ParamSpec::Shape::scalar ? 0 : s->shape == ParamSpec::Shape::list ? 1 : 2;
  if (declared != depth) throw internal("read with another shape than declared");
  for (const auto& f : s->fields) {
    if (f.kind != kind) throw internal("read as another kind than declared");
    if (kind == ParamField::Kind::integer &&
        (static_cast<long double>(f.ilo) < lo || static_cast<long double>(f.ihi) > hi))
      throw internal("its declared range does not fit the type it is read as");
  }
  if (!c.params.contains(key)) throw internal("missing: the claim was not read by the loader");
  return c.params.at(key);
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
    Outcome o = registry().at(c.method).run(c);
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
