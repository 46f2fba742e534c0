// What a claim's verdict may say, read from its entry: kind (test, formula, asymptotic), expect
// (holds, fails, undecided), evidence ("lower bound: B") and untestable ("reason"); see
// verify/catalogue.hpp for what each changes. Problems are collected (verify/toml_read.hpp).
// Cost: O(1).
#include "verify/read_claim.hpp"

#include <fmt/format.h>

namespace bc::verify::detail {

namespace {

void read_kind(const toml::table& t, Claim& c, Problems& p) {
  const std::string what = fmt::format("claim \"{}\"", c.id);
  const auto k = string_field(t, "kind", what, c.file, p);
  if (!k) return;
  const Where at = where_of(*t.get("kind"), c.file);
  if (*k != "formula" && *k != "test" && *k != "asymptotic")
    return p.add(at,
                 fmt::format("{}: kind must be test, formula or asymptotic, got {}", what, shown_text(*k)));
  if (*k == "asymptotic" && c.method.empty())
    return p.add(at,
                 fmt::format("{}: kind = \"asymptotic\" is for a method claim; an expression says it with "
                             "\"as n in {{...}}\"",
                             what));
  c.formula = *k == "formula";
  if (*k == "asymptotic") c.asymptotic = true;
}

void read_evidence(const toml::table& t, Claim& c, Problems& p) {
  const std::string what = fmt::format("claim \"{}\"", c.id);
  if (auto e = string_field(t, "evidence", what, c.file, p)) {
    const std::string prefix = "lower bound: ";
    if (e->rfind(prefix, 0) != 0 || e->size() == prefix.size())
      p.add(where_of(*t.get("evidence"), c.file),
            fmt::format(
                "{}: evidence must be \"lower bound: NAME\" (NAME: the bound the claim evaluates), got {}",
                what, shown_text(*e)));
    else
      c.lower_bound = e->substr(prefix.size());
  }
  if (auto u = string_field(t, "untestable", what, c.file, p)) {
    c.untestable = *u;
    c.expect = Verdict::undecided;  // not testable: never decided
  }
}

}  // namespace

void read_verdict_fields(const toml::table& t, Claim& c, Problems& p) {
  const std::string what = fmt::format("claim \"{}\"", c.id);
  read_kind(t, c, p);
  read_evidence(t, c, p);
  const auto e = string_field(t, "expect", what, c.file, p);
  const Where at = t.get("expect") ? where_of(*t.get("expect"), c.file) : where_of(t, c.file);
  if (e) {
    const bool open_allowed = !c.expr.empty() || !c.lower_bound.empty() || !c.untestable.empty();
    if (!c.untestable.empty() && *e != "undecided")
      p.add(at,
            fmt::format("{}: an untestable claim is expected undecided (printed \"not testable\")", what));
    else if (*e == "holds")
      c.expect = Verdict::holds;
    else if (*e == "fails")
      c.expect = Verdict::fails;
    else if (*e == "undecided" && open_allowed)
      c.expect = Verdict::undecided;
    else
      p.add(at, fmt::format("{}: expect must be holds or fails (or undecided, for an expression), got {}",
                            what, shown_text(*e)));
  }
  if (!c.lower_bound.empty() && c.expect == Verdict::fails)
    p.add(at, fmt::format(
                  "{}: a claim tested through a lower bound cannot be expected to fail: a bound that falls "
                  "short refutes nothing (expect undecided: printed \"not certified\")",
                  what));
}

}  // namespace bc::verify::detail
