// The parts of a catalogue's definitions that need no file: domains and names (see definitions.hpp).
// A domain is TYPE [OP BOUND | 'in' OPEN BOUND ',' BOUND CLOSE], TYPE one of integer, real
// (aliases rational, number), OP one of >= > <= <, brackets [ ] closed and ( ) open; bounds are
// exact numbers ("1/10", "1e6").
// Cost: O(length of the text).
#include "verify/definitions.hpp"

#include "core/decimal.hpp"

#include <fmt/format.h>

#include <sstream>

namespace bc::verify {

std::string Where::str() const { return fmt::format("{}:{}:{}", file, line, column); }

const std::vector<std::string>& reserved_namespaces() {
  static const std::vector<std::string> names{"sphere", "rank", "depth", "sym",     "comm",      "verify",
                                              "table",  "tex",  "help",  "version", "boundcheck"};
  return names;
}

std::vector<std::string> QuantityDef::path() const {
  const auto dot = name.find('.');
  return {name.substr(0, dot), name.substr(dot + 1)};
}

std::string QuantityDef::column() const { return name.substr(name.find('.') + 1); }

namespace {

std::string show(const Fmpq& q) {
  char* s = fmpq_get_str(nullptr, 10, q.x);
  std::string out(s);
  flint_free(s);
  return out;
}

// The bound after an operator or inside brackets: an exact number, or nullopt.
std::optional<Fmpq> bound(const std::string& word) { return parse_exact_rational(word); }

bool read_interval(std::istringstream& in, Domain& d) {
  std::string rest;
  std::getline(in, rest);
  const auto first = rest.find_first_not_of(' ');
  const auto last = rest.find_last_not_of(' ');
  if (first == std::string::npos) return false;
  rest = rest.substr(first, last - first + 1);
  if (rest.size() < 5 || (rest.front() != '[' && rest.front() != '(') ||
      (rest.back() != ']' && rest.back() != ')'))
    return false;
  const auto comma = rest.find(',');
  if (comma == std::string::npos) return false;
  auto trim = [](std::string s) {
    const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
  };
  d.lo = bound(trim(rest.substr(1, comma - 1)));
  d.hi = bound(trim(rest.substr(comma + 1, rest.size() - comma - 2)));
  d.lo_open = rest.front() == '(';
  d.hi_open = rest.back() == ')';
  return d.lo && d.hi && fmpq_cmp(d.lo->x, d.hi->x) <= 0;
}

}  // namespace

std::optional<Domain> parse_domain(const std::string& text) {
  std::istringstream in(text);
  std::string type, op;
  Domain d;
  if (!(in >> type)) return std::nullopt;
  if (type == "integer")
    d.type = Domain::Type::integer;
  else if (type != "real" && type != "rational" && type != "number")
    return std::nullopt;
  if (in >> op) {
    if (op == "in") {
      if (!read_interval(in, d)) return std::nullopt;
    } else {
      std::string value, extra;
      if (!(in >> value) || (in >> extra)) return std::nullopt;
      const auto b = bound(value);
      if (!b) return std::nullopt;
      if (op == ">=" || op == ">")
        d.lo = b, d.lo_open = op == ">";
      else if (op == "<=" || op == "<")
        d.hi = b, d.hi_open = op == "<";
      else
        return std::nullopt;
    }
  }
  std::ostringstream norm;  // the text with single spaces
  std::istringstream again(text);
  for (std::string w; again >> w;) norm << (norm.tellp() > 0 ? " " : "") << w;
  d.text = norm.str();
  return d;
}

std::string Domain::rule() const {
  std::string s = type == Type::integer ? "an integer" : "a number";
  if (lo && hi)
    return fmt::format("{} in {}{}, {}{}", s, lo_open ? '(' : '[', show(*lo), show(*hi), hi_open ? ')' : ']');
  if (lo) return fmt::format("{} {} {}", s, lo_open ? ">" : ">=", show(*lo));
  if (hi) return fmt::format("{} {} {}", s, hi_open ? "<" : "<=", show(*hi));
  return s;
}

bool Domain::contains(const Fmpq& v) const {
  if (type == Type::integer && !fmpz_is_one(fmpq_denref(v.x))) return false;
  if (lo) {
    const int c = fmpq_cmp(v.x, lo->x);
    if (lo_open ? c <= 0 : c < 0) return false;
  }
  if (hi) {
    const int c = fmpq_cmp(v.x, hi->x);
    if (hi_open ? c >= 0 : c > 0) return false;
  }
  return true;
}

}  // namespace bc::verify
