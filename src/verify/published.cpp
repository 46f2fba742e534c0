// The published value's check (see published.hpp).
#include "verify/published.hpp"

#include "core/decimal.hpp"
#include "expr/expr.hpp"

#include <fmt/format.h>

namespace bc::verify::detail {

namespace {

// A decimal literal as the expression language reads it: [-]digits[.digits][e[+-]digits].
bool is_decimal(const std::string& p) {
  if (p.find('/') != std::string::npos) return false;
  return parse_exact_rational(p).has_value() && p.find_first_of("0123456789") != std::string::npos &&
         p.find_first_not_of("+-0123456789.eE") == std::string::npos;
}

bool has_printed_digits(const std::string& p) {
  return is_decimal(p) && p.find_first_of(".eE") != std::string::npos;
}

}  // namespace

bool is_number_text(const std::string& p) {
  if (p.empty() || p.size() > 4000) return false;
  if (parse_exact_rational(p)) return p.find_first_not_of("+-0123456789./eE") == std::string::npos;
  const auto v = expr::closed_form(p, 64);
  return v && (v->exact || v->alg);
}

namespace {

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at = s.find(',');; at = s.find(',', start)) {
    out.push_back(trim(s.substr(start, at == std::string::npos ? std::string::npos : at - start)));
    if (at == std::string::npos) break;
    start = at + 1;
  }
  return out;
}

std::string default_rule(const std::string& p) { return has_printed_digits(p) ? "round" : "exact"; }

// Why `rule` cannot read `p` ("" when it can).
std::string rule_problem(const std::string& rule, const std::string& p) {
  if (rule == "exact") return {};
  if (rule == "round" || rule == "truncate")
    return is_decimal(p) ? std::string()
                         : fmt::format(
                               "the rule {} reads the printed digits of a decimal, and \"{}\" is not one "
                               "(exact, rel=X or abs=X read any number)",
                               rule, p);
  for (const char* kind : {"rel=", "abs="})
    if (rule.rfind(kind, 0) == 0) {
      const auto x = parse_exact_rational(rule.substr(4));
      if (!x || fmpq_sgn(x->x) < 0)
        return fmt::format("the tolerance {}X needs an exact number X >= 0 (1/100, 1e-3), got \"{}\"",
                           std::string(kind, 4), rule.substr(4, 40));
      return {};
    }
  return fmt::format("unknown tolerance rule \"{}\" (exact, round, truncate, rel=X, abs=X)",
                     rule.substr(0, 40));
}

std::string one_check(const std::string& subject, const std::string& p, const std::string& rule) {
  if (rule == "exact") return fmt::format("({}) == ({})", subject, p);
  if (rule == "round") return fmt::format("({}) ~= {}", subject, p);
  if (rule == "truncate") return fmt::format("({}) ~= {} [truncate]", subject, p);
  return fmt::format("({}) ~= ({}) [{}={}]", subject, p, rule.substr(0, 3), rule.substr(4));
}

}  // namespace

std::vector<std::string> published_numbers(const std::string& p) {
  std::vector<std::string> out = split(p);
  for (const auto& n : out)
    if (!is_number_text(n)) return {};
  return out;
}

std::vector<std::string> published_rules(const std::string& tolerance,
                                         const std::vector<std::string>& numbers, std::string& why) {
  std::vector<std::string> rules = tolerance.empty() ? std::vector<std::string>{} : split(tolerance);
  if (rules.size() == 1) rules.resize(numbers.size(), rules.front());
  if (rules.empty())
    for (const auto& n : numbers) rules.push_back(default_rule(n));
  if (rules.size() != numbers.size()) {
    why = fmt::format("tolerance gives {} rules for {} published numbers (give one for all, or one each)",
                      rules.size(), numbers.size());
    return {};
  }
  for (size_t i = 0; i < rules.size(); ++i)
    if (why = rule_problem(rules[i], numbers[i]); !why.empty()) return {};
  return rules;
}

std::string published_check(const std::vector<std::string>& subjects, const std::vector<std::string>& numbers,
                            const std::vector<std::string>& rules) {
  std::string out;
  for (size_t i = 0; i < numbers.size(); ++i)
    out += (i == 0 ? "" : " and ") + one_check(subjects[i], numbers[i], rules[i]);
  return out;
}

}  // namespace bc::verify::detail
