// The vocabulary of method parameter declarations and the rules they print (see params.hpp).
// Cost: O(1) per declaration.
#include "verify/params.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <limits>
#include <utility>

namespace bc::verify {

std::string ParamField::rule() const {
  switch (kind) {
    case Kind::integer:
      return fmt::format("an integer in [{}, {}]", ilo, ihi);
    case Kind::number: {
      const bool top = std::isinf(hi), bottom = std::isinf(lo);
      if (top && bottom) return "a finite number";
      if (top) return fmt::format("a finite number {} {}", lo_open ? ">" : ">=", lo);
      return fmt::format("a number in {}{}, {}]", lo_open ? "(" : "[", lo, hi);
    }
    case Kind::text:
      if (!check_rule.empty()) return check_rule;
      if (!choices.empty()) return fmt::format("one of: {}", fmt::join(choices, ", "));
      return "a non-empty string";
  }
  return "?";
}

std::string ParamSpec::rule() const {
  const std::string each = fields.empty() ? std::string("?") : fields.front().rule();
  switch (shape) {
    case Shape::scalar:
      return each;
    case Shape::list:
      if (sequence)
        return fmt::format("a list of at least 3 strictly increasing values (the points of a limit), each {}",
                           each);
      return fmt::format("a list{}, each value {}", min_size > 0 ? " of at least one value" : "", each);
    case Shape::tuples: {
      std::vector<std::string> names, rules;
      for (const auto& f : fields) {
        names.push_back(f.name);
        rules.push_back(fmt::format("{} {}", f.name, f.rule()));
      }
      return fmt::format("a list of at least one [{}], {}", fmt::join(names, ", "), fmt::join(rules, ", "));
    }
  }
  return "?";
}

const ParamSpec* Method::param(const std::string& key) const {
  for (const auto& p : params)
    if (p.key == key) return &p;
  return nullptr;
}

bool Method::asymptotic() const {
  for (const auto& p : params)
    if (p.sequence) return true;
  return false;
}

namespace param {

ParamField integer(std::int64_t lo, std::int64_t hi, std::string name) {
  ParamField f;
  f.kind = ParamField::Kind::integer;
  f.ilo = lo;
  f.ihi = hi;
  f.name = std::move(name);
  return f;
}

ParamField number(double lo, double hi, bool lo_open, std::string name) {
  ParamField f;
  f.kind = ParamField::Kind::number;
  f.lo = lo;
  f.hi = hi;
  f.lo_open = lo_open;
  f.name = std::move(name);
  return f;
}

ParamField positive(std::string name) {
  return number(0, std::numeric_limits<double>::infinity(), true, std::move(name));
}

ParamField finite(std::string name) {
  const double inf = std::numeric_limits<double>::infinity();
  return number(-inf, inf, false, std::move(name));
}

ParamField text(std::vector<std::string> choices) {
  ParamField f;
  f.kind = ParamField::Kind::text;
  f.choices = std::move(choices);
  return f;
}

namespace {

// "-?D+(.D+)?([eE][-+]?D{1,3})?" with at most 40 digits, the dot required without `exponent`
bool is_decimal(const std::string& s, bool exponent) {
  size_t i = s.size() > 0 && s[0] == '-' ? 1 : 0, digits = 0;
  auto run = [&] {
    const size_t from = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    digits += i - from;
    return i > from;
  };
  if (!run()) return false;
  const bool dot = i < s.size() && s[i] == '.';
  if (dot && (++i, !run())) return false;
  if (!exponent) return dot && i == s.size() && digits <= 40;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const size_t from = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == from || i - from > 3) return false;
  }
  return i == s.size() && digits <= 40;
}

}  // namespace

ParamField decimal(bool exponent) {
  ParamField f = text();
  f.check_rule = exponent ? "a decimal as printed (0.98410, 1.88e-3; at most 40 digits)"
                          : "a decimal with a fractional part, as printed (0.98410; at most 40 digits)";
  f.check = [exponent](const std::string& s) { return is_decimal(s, exponent) ? std::string() : "bad"; };
  return f;
}

ParamField digits() { return integer(1, 20000); }
ParamField seed() { return integer(0, std::numeric_limits<std::int64_t>::max()); }

ParamSpec scalar(std::string key, ParamField f) {
  ParamSpec p;
  p.key = std::move(key);
  p.fields = {std::move(f)};
  return p;
}

ParamSpec list(std::string key, ParamField f, std::size_t min_size) {
  ParamSpec p = scalar(std::move(key), std::move(f));
  p.shape = ParamSpec::Shape::list;
  p.min_size = min_size;
  return p;
}

ParamSpec tuples(std::string key, std::vector<ParamField> fields,
                 std::function<std::string(const nlohmann::json&)> check_entry) {
  ParamSpec p;
  p.key = std::move(key);
  p.shape = ParamSpec::Shape::tuples;
  p.fields = std::move(fields);
  p.check_entry = std::move(check_entry);
  return p;
}

ParamSpec sequence(std::string key, ParamField f) {
  ParamSpec p = list(std::move(key), std::move(f), 3);
  p.sequence = true;
  return p;
}

ParamSpec optional(ParamSpec p, nlohmann::json fallback) {
  p.required = false;
  p.fallback = std::move(fallback);
  return p;
}

ParamRelation less(std::string a, std::string b, bool or_equal) {
  ParamRelation r;
  r.key = b;
  r.check = [a, b, or_equal](const nlohmann::json& params) -> std::string {
    if (!params.contains(a) || !params.contains(b)) return {};
    const auto& x = params.at(a);
    const auto& y = params.at(b);
    const bool ok = x.is_number_integer() && y.is_number_integer()
                        ? (or_equal ? x.get<std::int64_t>() <= y.get<std::int64_t>()
                                    : x.get<std::int64_t>() < y.get<std::int64_t>())
                        : (or_equal ? x.get<double>() <= y.get<double>() : x.get<double>() < y.get<double>());
    if (ok) return {};
    return fmt::format("params.{} must be {} params.{} ({}), got {}", b, or_equal ? ">=" : ">", a, x.dump(),
                       y.dump());
  };
  return r;
}

}  // namespace param

}  // namespace bc::verify
