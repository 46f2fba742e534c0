// The named values of a catalogue and their computation (see tools/tex/values.hpp).
// Cost: see the header.
#include "tex/values.hpp"

#include "core/errors.hpp"
#include "verify/published.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace bc::cli::tex {

bool value_name(const std::string& s) {
  return !s.empty() && s.size() <= 64 && std::isalpha(static_cast<unsigned char>(s[0])) != 0 &&
         std::all_of(s.begin(), s.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-' ||
                  c == ':';
         });
}

namespace {

// The claim's subject: its quantity, or the left side of its expression's first comparison; empty
// when it has none that is one number (a method, a grid, a quantifier, an asymptotic claim).
std::string subject_of(const verify::Claim& c) {
  if (!c.quantity.empty()) return c.quantity;
  if (c.expr.empty() || !c.grid.empty() || c.asymptotic) return "";
  try {
    const auto subjects = expr::Expr::parse(c.expr).subjects();
    if (subjects.empty() || !subjects.front()) return "";
    const expr::Expr s = expr::Expr::parse(*subjects.front());
    return s.variables().empty() && !s.boolean() ? *subjects.front() : "";
  } catch (const expr::ParseError&) {
    return "";
  }
}

// The first published number of a claim, when it is a decimal (not an integer, p/q or closed form).
std::optional<Decimal> published_decimal(const verify::Claim& c) {
  const auto numbers = verify::detail::published_numbers(c.published);
  if (numbers.empty()) return std::nullopt;
  auto d = read_decimal(numbers.front());
  if (!d || (d->frac_part.empty() && !d->has_exponent)) return std::nullopt;
  return d;
}

Named of_claim(const verify::Claim& c, const std::string& subject, const Options& o) {
  Named n;
  n.name = c.id;
  n.claim = &c;
  n.expr = subject;
  n.description = c.claim;
  n.where = fmt::format("{}:{}", c.file, c.line);
  n.style = o.group ? Style::grouped : Style::plain;
  n.digits = o.digits;
  if (const auto d = published_decimal(c)) {
    if (!o.digits_given) n.digits = std::max<long>(1, static_cast<long>(significant_digits(*d)));
    if (d->has_exponent) n.style = Style::sci;  // as the paper prints it
  }
  return n;
}

}  // namespace

std::vector<Named> named_values(const verify::Catalogue& cat, const Options& o,
                                std::vector<std::string>& notes) {
  std::vector<Named> out;
  for (const auto& v : cat.values) {
    Named n;
    n.name = v.name;
    n.expr = v.expr;
    n.description = v.description;
    n.where = fmt::format("{}:{}", v.at.file, v.at.line);
    n.digits = v.digits > 0 ? v.digits : o.digits;
    n.style = parse_style(v.style, "value \"" + v.name + "\": style");
    if (n.style == Style::plain && o.group) n.style = Style::grouped;
    out.push_back(std::move(n));
  }
  for (const auto& c : cat.claims) {
    const std::string subject = subject_of(c);
    if (subject.empty()) continue;
    if (!value_name(c.id)) {
      notes.push_back(fmt::format(
          "claim {} ({}:{}): its id cannot be a \\bcvalue name (a letter, then letters, digits, . _ - :): "
          "no value defined",
          c.id.size() > 40 ? c.id.substr(0, 37) + "..." : c.id, c.file, c.line));
      continue;
    }
    out.push_back(of_claim(c, subject, o));
  }
  if (o.certified)
    for (auto& n : out) n.style = Style::interval;
  return out;
}

namespace {

// Rethrows the current exception with its message prefixed, keeping its type (and so its exit code).
[[noreturn]] void rethrow_prefixed(const std::string& prefix) {
  try {
    throw;
  } catch (const UsageError& e) {
    throw UsageError(prefix + e.what());
  } catch (const DomainError& e) {
    throw DomainError(prefix + e.what());
  } catch (const ResourceError& e) {
    throw ResourceError(prefix + e.what());
  }
}

// The value at 12 more digits must agree with the first: exact values equal, enclosures
// overlapping, doubles within 1e-9 relative.
void double_check(const user::Number& a, const user::Number& b, const std::string& what) {
  bool agree = false;
  if (a.value.exact && b.value.exact) {
    agree = fmpq_equal(a.value.exact->x, b.value.exact->x) != 0;
  } else if (a.uncertified || b.uncertified) {
    const double x = arf_get_d(arb_midref(a.value.ball.x), ARF_RND_NEAR);
    const double y = arf_get_d(arb_midref(b.value.ball.x), ARF_RND_NEAR);
    agree = std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y));
  } else {
    agree = arb_overlaps(a.value.ball.x, b.value.ball.x) != 0;
  }
  if (!agree)
    throw DomainError(fmt::format("{}: --double-check failed: {} at 12 more digits is {}", what,
                                  expr::show_ball(a.value.ball.x, 20), expr::show_ball(b.value.ball.x, 20)));
}

}  // namespace

Computed compute(const Named& v, const Options& o, CommandQuantities& cq, bool run_claim) {
  Computed c{v, {}, std::nullopt};
  const std::string what = fmt::format("{} \"{}\" ({})", v.claim ? "claim" : "value", v.name, v.where);
  const verify::Quantities q = cq.quantities();
  try {
    const expr::Expr e = expr::Expr::parse(v.expr);
    const user::Number n = user::evaluate_number(e, {}, v.digits, q);
    if (o.double_check) double_check(n, user::evaluate_number(e, {}, v.digits + 12, q), what);
    c.printed = print_value(n, v.digits, v.style, o.separator, what);
  } catch (const expr::ParseError& e) {
    throw UsageError(fmt::format("{}: {}", what, e.what()));
  } catch (...) {
    rethrow_prefixed(what + ": ");
  }
  if (run_claim && v.claim != nullptr) {
    verify::Claim claim = *v.claim;
    claim.digits = o.digits;  // the first rung of the precision ladder, as verify runs it
    c.outcome = verify::run_claim(claim, &q);
  }
  return c;
}

}  // namespace bc::cli::tex
