// A named value as LaTeX (see tools/tex/number.hpp).
// Cost: O(digits) past the value's own computation.
#include "tex/number.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace bc::cli::tex {

Style parse_style(const std::string& s, const std::string& what) {
  if (s == "plain") return Style::plain;
  if (s == "sci") return Style::sci;
  if (s == "grouped") return Style::grouped;
  if (s == "interval") return Style::interval;
  throw UsageError(fmt::format("{} must be plain, sci, grouped or interval, got \"{}\"", what,
                               s.size() > 40 ? s.substr(0, 37) + "..." : s));
}

const char* style_name(Style s) {
  switch (s) {
    case Style::sci:
      return "sci";
    case Style::grouped:
      return "grouped";
    case Style::interval:
      return "interval";
    case Style::plain:
      break;
  }
  return "plain";
}

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<Decimal> read_decimal(std::string_view t) {
  Decimal d;
  if (!t.empty() && t.front() == '-') {
    d.negative = true;
    t.remove_prefix(1);
  }
  const size_t e = t.find_first_of("eE");
  std::string_view mant = t.substr(0, e);
  if (e != std::string_view::npos) {
    std::string_view x = t.substr(e + 1);
    bool neg = false;
    if (!x.empty() && (x.front() == '+' || x.front() == '-')) {
      neg = x.front() == '-';
      x.remove_prefix(1);
    }
    if (!all_digits(x) || x.size() > 9) return std::nullopt;
    d.exponent = std::stol(std::string(x)) * (neg ? -1 : 1);
    d.has_exponent = true;
  }
  const size_t dot = mant.find('.');
  d.int_part = std::string(mant.substr(0, dot));
  if (!all_digits(d.int_part)) return std::nullopt;
  if (dot != std::string_view::npos) {
    d.frac_part = std::string(mant.substr(dot + 1));
    if (!all_digits(d.frac_part)) return std::nullopt;
  }
  return d;
}

Magnitude magnitude(const Decimal& d) {
  std::string all = d.int_part + d.frac_part;
  long exp10 = d.exponent - static_cast<long>(d.frac_part.size());
  const size_t first = all.find_first_not_of('0');
  if (first == std::string::npos) return {"0", 0};
  all.erase(0, first);
  while (all.back() == '0') {
    all.pop_back();
    ++exp10;
  }
  return {all, exp10};
}

size_t significant_digits(const Decimal& d) {
  const std::string all = d.int_part + d.frac_part;
  const size_t first = all.find_first_not_of('0');
  return first == std::string::npos ? 0 : all.size() - first;
}

namespace {

struct Body {
  std::string text;
  bool math = false;  ///< needs math mode (\times, ^, a minus sign)
};

std::string grouped(const std::string& digits, Separator sep) {
  if (digits.size() < 5) return digits;
  std::string o;
  const size_t head = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  o += digits.substr(0, head);
  for (size_t i = head; i < digits.size(); i += 3)
    o += (sep == Separator::thin ? "\\," : "{,}") + digits.substr(i, 3);
  return o;
}

std::string times_ten(long e) { return fmt::format("\\times10^{{{}}}", e); }

// d in scientific form: one digit before the point.
Body sci_body(const Decimal& d, bool exact_integer) {
  std::string all = d.int_part + d.frac_part;
  const size_t first = all.find_first_not_of('0');
  if (first == std::string::npos) return {"0", false};
  const long e = d.exponent + static_cast<long>(d.int_part.size()) - 1 - static_cast<long>(first);
  std::string rest = all.substr(first + 1);
  if (exact_integer)
    while (!rest.empty() && rest.back() == '0') rest.pop_back();
  Body b{all.substr(first, 1) + (rest.empty() ? "" : "." + rest), d.negative};
  if (e != 0) {
    b.text += times_ten(e);
    b.math = true;
  }
  return b;
}

Body body_of(const Decimal& d, Style s, Separator sep, bool exact_integer) {
  if (s == Style::sci) return sci_body(d, exact_integer);
  Body b{s == Style::grouped ? grouped(d.int_part, sep) : d.int_part, d.negative};
  if (!d.frac_part.empty()) b.text += "." + d.frac_part;
  if (d.has_exponent && d.exponent != 0) {
    b.text += times_ten(d.exponent);
    b.math = true;
  }
  return b;
}

std::string wrap(const Body& b, bool negative) {
  const std::string t = (negative ? "-" : "") + b.text;
  return b.math || negative ? "\\ensuremath{{" + t + "}}" : t;
}

Decimal must_read(const std::string& text) {
  auto d = read_decimal(text);
  if (!d) throw std::logic_error("tex: not a decimal: " + text);
  return *d;
}

// An exact rational's decimal at `digits`, or its exact decimal when that has no more digits (with
// an exponent too: 3/200000 is 1.5e-5, not 1.50000000000000000000000000000e-5).
std::string rational_text(const Fmpq& q, const arb_t x, long digits) {
  std::string t = format_ball(x, digits, false);
  const auto d = read_decimal(t);
  if (!d || d->frac_part.empty()) return t;
  const size_t e = t.find_first_of("eE");
  std::string s = t.substr(0, e);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (e != std::string::npos) s += t.substr(e);
  const auto back = parse_exact_rational(s);
  return back && fmpq_equal(back->x, q.x) ? s : t;
}

Printed interval_of(const arb_t x, long digits, Separator sep) {
  const Decimal lo = must_read(format_bound(x, digits, -1)), hi = must_read(format_bound(x, digits, +1));
  Printed p;
  p.decimal = "[" + format_bound(x, digits, -1) + ", " + format_bound(x, digits, +1) + "]";
  auto side = [&](const Decimal& d) {
    return (d.negative ? "-" : "") + body_of(d, Style::plain, sep, false).text;
  };
  p.latex = "\\ensuremath{{[" + side(lo) + ", " + side(hi) + "]}}";
  return p;
}

// A long exact form shortened for a comment line.
std::string clipped(const std::string& s) { return s.size() <= 120 ? s : s.substr(0, 117) + "..."; }

}  // namespace

std::string latex_decimal(const Decimal& d, Style s, Separator sep, bool exact_integer) {
  return wrap(body_of(d, s, sep, exact_integer), d.negative);
}

Printed print_value(const user::Number& n, long digits, Style s, Separator sep, const std::string& what) {
  const expr::Value& v = n.value;
  if (v.exact && fmpz_is_one(fmpq_denref(v.exact->x))) {
    Printed p;
    char* str = fmpz_get_str(nullptr, 10, fmpq_numref(v.exact->x));
    p.decimal = str;
    flint_free(str);
    p.enclosure = "exact integer";
    const Decimal d = must_read(p.decimal);
    p.latex = latex_decimal(d, s == Style::interval ? Style::plain : s, sep, true);
    p.key = magnitude(d);
    return p;
  }
  Arb x;
  if (v.exact)
    arb_set_exact(x.x, *v.exact, bits_for_digits(digits) + 32);
  else
    arb_set(x.x, v.ball.x);
  if (!arb_is_finite(x.x)) throw DomainError(what + ": the value is not finite");
  const std::string enclosure = v.exact ? "exact rational " + clipped(v.exact->str())
                                : v.alg ? "exact closed form " + clipped(v.alg->str())
                                        : format_ball(x.x, std::min(digits + 5, 60L), true);
  std::string text;
  if (n.uncertified) {
    if (s == Style::interval)
      throw DomainError(what +
                        ": style interval needs an enclosure, and the value is an estimate from doubles");
    Context ctx;
    ctx.digits = digits;
    text = uncertified(arf_get_d(arb_midref(x.x), ARF_RND_NEAR), ctx, what.c_str()).display();
  } else {
    text = v.exact ? rational_text(*v.exact, x.x, digits) : format_ball(x.x, digits, false);
  }
  const auto d = read_decimal(text);
  if (s == Style::interval || !d) {  // asked for, or not one digit is proven: the enclosure
    Printed p = interval_of(x.x, digits, sep);
    p.enclosure = enclosure + (d ? "" : " (not one digit proven)");
    return p;
  }
  Printed p;
  p.decimal = text;
  p.latex = latex_decimal(*d, s, sep, false);
  p.key = magnitude(*d);
  p.digits_shown = static_cast<long>(significant_digits(*d));
  p.enclosure = n.uncertified ? "estimate from doubles (uncertified)" : enclosure;
  return p;
}

}  // namespace bc::cli::tex
