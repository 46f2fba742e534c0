// Asymptotic claims in the expression language, tested on a sequence n_1 < ... < n_k -> infinity
// (the values of `as n in RANGE`):
//   g is O(f)      the ratio R = |g/f| stays bounded above
//   g is Omega(f)  R stays bounded below (away from 0)
//   g is Theta(f)  both
//   g ~ f          R = g/f tends to 1
// A finite grid can neither prove nor refute a limit, so the claim is graded by what the grid
// shows, in ball arithmetic (every number below is certified for the grid as given), with three
// grades: consistent, inconsistent, and undecided (extend the grid). Never "holds" or "fails".
//   - the constant range: R_i in [C_min, C_max] for every i (so g <= C_max f and g >= C_min f on
//     the grid: the hidden constant is reported, never taken as 1);
//   - the trend: the slope s = (ln R_k - ln R_j) / (ln n_k - ln n_j) of ln R against ln n over the
//     last two decades (n_j the first value >= n_k / 100; the whole grid if it spans less), i.e.
//     R grows like n^s there; and g's own exponent over the same stretch;
//   - for ~, the distance to the limit D = |R - 1| at both ends of the stretch (compared exactly
//     when both ratios are exact) and its exponent t = (ln D_k - ln D_j) / (ln n_k - ln n_j).
// The rule, with the trend tolerance kappa ([slope=X], default 1/20):
//   O      consistent when s < kappa ("consistent on the grid (C in [a, b])"), inconsistent when
//          s > kappa ("inconsistent: ratio grows like n^s"); Omega the same with -s; Theta both.
//   ~      consistent when D_k = 0 or t < -kappa: the distance to 1 shrinks at least like
//          n^-kappa over the stretch (a ratio falling to 1 from above, 1.58 -> 1.006 on
//          n = 10..1000, is consistent: its own trend s is large, and says nothing about the
//          limit); inconsistent when D does not shrink (D_k >= D_j > 0: the ratio stays away from
//          1 or moves away); undecided when D shrinks, but slower than n^-kappa: the grid is too
//          short to tell whether it reaches 1 (1 + 10^6/(n + 10^6) on n = 10..1000), and a longer
//          grid would tell. The trend s alone never makes ~ consistent: 2n ~ n has s = 0.
//   Otherwise (an enclosure straddles a threshold) undecided, with the enclosures shown.
// So n^2 log n is not O(n^2) on n = 10..10^6 (s = ln(6/4) / ln 100 = 0.088 > 1/20), while growth
// slower than n^kappa over the last decades is not detected: the rule is stated with every grade.
// Cost: two evaluations (g and f) per value of the sequence, plus O(k) Arb operations.
#include "expr/detail.hpp"

#include <flint/fmpq.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace bc::expr::detail {

namespace {

// Decimal exponents beyond this (10^(10^15)) are not written out: the ends of such a ball print as
// 0 and inf, still outward.
constexpr double kMaxDecimalExponent = 1e15;

// floor(log10 |x|) for x != 0 given as a ball that holds it: the floor of log10 of the ball's
// midpoint, good to within one either way (the callers correct it by the digit count they get);
// nullopt beyond kMaxDecimalExponent.
std::optional<long> decimal_exponent(const arb_t x) {
  Arb l, ten;
  arb_abs(l.x, x);
  arb_log(l.x, l.x, 64);
  arb_set_ui(ten.x, 10);
  arb_log(ten.x, ten.x, 64);
  arb_div(l.x, l.x, ten.x, 64);
  const double e = arf_get_d(arb_midref(l.x), ARF_RND_NEAR);
  if (!std::isfinite(e) || std::fabs(e) > kMaxDecimalExponent) return std::nullopt;
  return static_cast<long>(std::floor(e));
}

// m * 10^-shift (m holding 4 digits, maybe a sign) as text: fixed notation for e10 in -4..6,
// else d.ddd e E.
std::string decimal_text(std::string digits, long shift, long e10) {
  const bool neg = digits[0] == '-';
  if (neg) digits.erase(0, 1);
  std::string out;
  if (e10 >= -4 && e10 <= 6) {
    if (shift > 0) {
      if (static_cast<long>(digits.size()) <= shift)
        digits.insert(0, static_cast<size_t>(shift) - digits.size() + 1, '0');
      const size_t point = digits.size() - static_cast<size_t>(shift);
      digits = digits.substr(0, point) + "." + digits.substr(point);
    } else {
      digits.append(static_cast<size_t>(-shift), '0');
    }
    out = digits;
  } else {
    out = digits.substr(0, 1) + "." + digits.substr(1) +
          fmt::format("e{}", static_cast<long>(digits.size()) - 1 - shift);
  }
  return (neg ? "-" : "") + out;
}

// An exact rational of at most kMaxExactBits bits rounded outward (up or down) to 4 significant
// digits, exactly: m = floor or ceil of x 10^(3 - e10), with e10 = floor(log10 |x|) found from a
// ball and corrected by m's digit count (|log10 x| < 2^20 log10(2): 10^|shift| has at most about
// 2^20 bits, the size of x itself).
std::string outward(const Fmpq& x, bool up) {
  if (fmpq_is_zero(x.x)) return "0";
  Arb b;
  arb_set_fmpq(b.x, x.x, 64);
  long e10 = decimal_exponent(b.x).value_or(0);  // |log10 x| < 2^21: always a value
  for (int attempt = 0;; ++attempt) {
    const long shift = 3 - e10;  // x * 10^shift has 4 digits before the point
    Fmpz pw;
    fmpz_ui_pow_ui(pw.x, 10, static_cast<ulong>(std::labs(shift)));
    Fmpq q = x;
    if (shift >= 0)
      fmpq_mul_fmpz(q.x, q.x, pw.x);
    else
      fmpq_div_fmpz(q.x, q.x, pw.x);
    Fmpz floor_m, m;
    fmpz_fdiv_q(floor_m.x, fmpq_numref(q.x), fmpq_denref(q.x));
    fmpz_abs(floor_m.x, floor_m.x);
    // |floor| in [1000, 10000) means e10 is right (a negative x's floor may reach 10000 only from
    // below: 9999.5 -> -10000, which prints as -1.0000e.. correctly rounded outward)
    if (attempt < 3 && fmpz_cmp_ui(floor_m.x, 1000) < 0) {
      --e10;
      continue;
    }
    if (attempt < 3 && fmpz_cmp_ui(floor_m.x, 10000) > 0) {
      ++e10;
      continue;
    }
    if (up)
      fmpz_cdiv_q(m.x, fmpq_numref(q.x), fmpq_denref(q.x));
    else
      fmpz_fdiv_q(m.x, fmpq_numref(q.x), fmpq_denref(q.x));
    char* c = fmpz_get_str(nullptr, 10, m.x);
    std::string digits(c);
    flint_free(c);
    return decimal_text(digits, shift, e10);
  }
}

// A ball's end beyond the exact range (|log2 x| > 2^20: 2^(10^10) as a ratio): rounded outward to
// 4 significant digits in ball arithmetic, m = floor or ceil of an enclosure of x 10^(3 - e10)
// (outward whatever its radius), never as an exact rational of 10^10 bits.
std::string outward_huge(const arf_t x, bool up) {
  Arb b, pw, ten;
  arb_set_arf(b.x, x);
  const std::optional<long> exponent = decimal_exponent(b.x);
  if (!exponent) {  // outward, coarsely: |x| is beyond 10^(10^15) or below 10^(-10^15)
    const bool big = arf_cmpabs_2exp_si(x, 0) > 0, pos = arf_sgn(x) > 0;
    if (pos != up) return "0";
    return big ? (pos ? "inf" : "-inf") : (pos ? "1" : "-1");
  }
  long e10 = *exponent;
  const slong prec = 128;
  for (int attempt = 0;; ++attempt) {
    const long shift = 3 - e10;
    arb_set_ui(ten.x, 10);
    arb_pow_fmpz(pw.x, ten.x, Fmpz(std::labs(shift)).x, prec + 64);
    Arb q;
    if (shift >= 0)
      arb_mul(q.x, b.x, pw.x, prec);
    else
      arb_div(q.x, b.x, pw.x, prec);
    Arf end;
    if (up)
      arb_get_ubound_arf(end.x, q.x, prec);
    else
      arb_get_lbound_arf(end.x, q.x, prec);
    Fmpz m;
    arf_get_fmpz(m.x, end.x, up ? ARF_RND_CEIL : ARF_RND_FLOOR);
    Fmpz a;
    fmpz_abs(a.x, m.x);
    if (attempt < 3 && fmpz_cmp_ui(a.x, 1000) < 0) {
      --e10;
      continue;
    }
    if (attempt < 3 && fmpz_cmp_ui(a.x, 10000) > 0) {
      ++e10;
      continue;
    }
    char* c = fmpz_get_str(nullptr, 10, m.x);
    std::string digits(c);
    flint_free(c);
    return decimal_text(digits, shift, e10);
  }
}

std::string outward(const arf_t x, bool up) {
  if (!arf_is_finite(x)) return arf_sgn(x) > 0 ? "inf" : "-inf";
  if (arf_is_zero(x)) return "0";
  // an exponent within the exact range: exactly (the digits of a ball's end are then exact)
  if (arf_cmpabs_2exp_si(x, kMaxExactBits / 2) < 0 && arf_cmpabs_2exp_si(x, -kMaxExactBits / 2) > 0) {
    Fmpq q;
    arf_get_fmpq(q.x, x);
    return outward(q, up);
  }
  return outward_huge(x, up);
}

std::string interval(const arb_t x) {
  if (!arb_is_finite(x)) return "[undetermined]";
  Arf lo, hi;
  arb_get_lbound_arf(lo.x, x, 64);
  arb_get_ubound_arf(hi.x, x, 64);
  return fmt::format("[{}, {}]", outward(lo.x, false), outward(hi.x, true));
}

// A ball's midpoint with 3 significant digits, as printf's %.3g writes it ("148", "0.296",
// "1e+300"), and beyond the range of a double in the same form ("1e+3000", "2.5e-4000").
std::string midpoint(const arb_t x) {
  const arf_struct* m = arb_midref(x);
  if (arf_is_zero(m) || !arf_is_finite(m) ||
      (arf_cmpabs_2exp_si(m, 1000) < 0 && arf_cmpabs_2exp_si(m, -1000) > 0))
    return fmt::format("{:.3g}", arf_get_d(m, ARF_RND_NEAR));
  Arb mid, pw, ten;
  arb_set_arf(mid.x, m);
  const std::optional<long> exponent = decimal_exponent(mid.x);
  if (!exponent) return arf_cmpabs_2exp_si(m, 0) > 0 ? (arf_sgn(m) > 0 ? "inf" : "-inf") : "0";
  const long e10 = *exponent;
  arb_set_ui(ten.x, 10);
  arb_pow_fmpz(pw.x, ten.x, Fmpz(std::labs(e10)).x, 128);
  if (e10 >= 0)
    arb_div(mid.x, mid.x, pw.x, 128);
  else
    arb_mul(mid.x, mid.x, pw.x, 128);
  const double d = arf_get_d(arb_midref(mid.x), ARF_RND_NEAR);  // in [1, 10), up to e10's error
  const long e = e10 + (std::fabs(d) >= 9.995 ? 1 : std::fabs(d) < 1 ? -1 : 0);
  const double mant = std::fabs(d) >= 9.995 ? d / 10 : std::fabs(d) < 1 ? d * 10 : d;
  return fmt::format("{:.3g}e{}{}", mant, e >= 0 ? "+" : "-", std::labs(e));
}

// A value of the sequence in a message: as written when short, else as midpoint() writes it (n =
// 10^100000 is "1e+100000", not a hundred thousand digits).
std::string short_exact(const Fmpq& n) {
  std::string s = n.str();
  if (s.size() <= 24) return s;
  Arb b;
  arb_set_fmpq(b.x, n.x, 64);
  return midpoint(b.x);
}

// (ln |b| - ln |a|) / (ln n_b - ln n_a)
void log_slope(arb_t res, const arb_t a, const arb_t b, const Fmpq& na, const Fmpq& nb, slong prec) {
  Arb la, lb, x, y;
  arb_abs(la.x, a);
  arb_log(la.x, la.x, prec);
  arb_abs(lb.x, b);
  arb_log(lb.x, lb.x, prec);
  arb_sub(res, lb.x, la.x, prec);
  arb_set_fmpq(x.x, na.x, prec);
  arb_log(x.x, x.x, prec);
  arb_set_fmpq(y.x, nb.x, prec);
  arb_log(y.x, y.x, prec);
  arb_sub(y.x, y.x, x.x, prec);
  arb_div(res, res, y.x, prec);
}

struct Sample {
  std::vector<Fmpq> n;
  std::vector<Arb> g, ratio;
  std::vector<std::optional<Fmpq>> exact_ratio;  // when g and f are both exact
};

// g and f at one value of the sequence.
using EvalPair = std::function<std::pair<Value, Value>(const Value& item)>;

// The values of n, g and the ratio R along the sequence (|g/f| for O/Omega/Theta, g/f for ~),
// after checking that the sequence is exact, positive and increasing and that f does not vanish.
Sample sample_sequence(const Node& n, size_t count, const std::function<Value(size_t)>& item,
                       const EvalPair& at, slong prec) {
  const bool equivalence = n.name == "~";
  Sample s;
  for (size_t i = 0; i < count; ++i) {
    const Value it = item(i);
    if (!it.exact || fmpq_sgn(it.exact->x) <= 0 || (i > 0 && fmpq_cmp(it.exact->x, s.n.back().x) <= 0))
      throw UsageError(
          fmt::format("expression, column {}: the values of {} must be exact, positive and increasing "
                      "(a sequence tending to infinity), got {} after {}",
                      n.pos, n.var, show_value(it), i > 0 ? short_exact(s.n.back()) : "the start"));
    s.n.push_back(*it.exact);
    const auto [g, f] = at(it);
    if ((f.exact && fmpq_is_zero(f.exact->x)) || arb_is_zero(f.ball.x))
      throw DomainError(fmt::format("expression, column {}: {} vanishes at {} = {}", n.pos, *n.strings[1],
                                    n.var, short_exact(*it.exact)));
    Arb r;
    arb_div(r.x, g.ball.x, f.ball.x, prec);
    if (!equivalence) arb_abs(r.x, r.x);
    std::optional<Fmpq> q;
    if (g.exact && f.exact) {
      q = Fmpq();
      fmpq_div(q->x, g.exact->x, f.exact->x);
      if (!equivalence) fmpq_abs(q->x, q->x);
    }
    s.exact_ratio.push_back(std::move(q));
    s.g.push_back(g.ball);
    s.ratio.push_back(std::move(r));
  }
  return s;
}

struct Fit {
  Arf c_min, c_max;
  std::optional<Fmpq> q_min, q_max;  // exact ends, when every ratio is exact
  size_t tail = 0;                   // index of the first value of the trend stretch
  Arb slope, g_exponent;
  // ~ only: D = |R - 1| at both ends of the stretch, its exponent t, and the sign of D_k - D_j
  // when both ratios are exact (then D_k = 0 is decided exactly too)
  Arb dev_first, dev_last, dev_slope;
  std::optional<int> dev_cmp;
  bool dev_last_zero = false;
};

// |q - 1|
Fmpq distance_to_one(const Fmpq& q) {
  Fmpq d;
  fmpq_sub(d.x, q.x, Fmpq(1, 1).x);
  fmpq_abs(d.x, d.x);
  return d;
}

// D = |R - 1| at both ends of the stretch j..k, and its exponent (exact comparison when it can).
void fit_distance(Fit& r, const Sample& s, size_t j, size_t k, slong prec) {
  const auto& qj = s.exact_ratio[j];
  const auto& qk = s.exact_ratio[k];
  if (qj && qk) {
    const Fmpq dj = distance_to_one(*qj), dk = distance_to_one(*qk);
    arb_set_fmpq(r.dev_first.x, dj.x, prec);
    arb_set_fmpq(r.dev_last.x, dk.x, prec);
    r.dev_cmp = fmpq_cmp(dk.x, dj.x);
    r.dev_last_zero = fmpq_is_zero(dk.x) != 0;
  } else {
    arb_sub_ui(r.dev_first.x, s.ratio[j].x, 1, prec);
    arb_abs(r.dev_first.x, r.dev_first.x);
    arb_sub_ui(r.dev_last.x, s.ratio[k].x, 1, prec);
    arb_abs(r.dev_last.x, r.dev_last.x);
    r.dev_last_zero = arb_is_zero(r.dev_last.x) != 0;
  }
  if (arb_is_positive(r.dev_first.x) && arb_is_positive(r.dev_last.x))
    log_slope(r.dev_slope.x, r.dev_first.x, r.dev_last.x, s.n[j], s.n[k], prec);
  else
    arb_indeterminate(r.dev_slope.x);  // D = 0 (or may be) at an end: no exponent
}

Fit fit(const Sample& s, bool signed_ratio, slong prec) {
  Fit r;
  const size_t k = s.n.size() - 1;
  arf_pos_inf(r.c_min.x);
  arf_neg_inf(r.c_max.x);
  for (const auto& x : s.ratio) {
    Arf lo, hi;
    arb_get_lbound_arf(lo.x, x.x, prec);
    arb_get_ubound_arf(hi.x, x.x, prec);
    arf_min(r.c_min.x, r.c_min.x, lo.x);
    arf_max(r.c_max.x, r.c_max.x, hi.x);
  }
  if (std::all_of(s.exact_ratio.begin(), s.exact_ratio.end(), [](const auto& q) { return q.has_value(); })) {
    r.q_min = r.q_max = *s.exact_ratio.front();
    for (const auto& q : s.exact_ratio) {
      if (fmpq_cmp(q->x, r.q_min->x) < 0) r.q_min = *q;
      if (fmpq_cmp(q->x, r.q_max->x) > 0) r.q_max = *q;
    }
  }
  Fmpq floor_n;  // n_k / 100
  fmpq_div_fmpz(floor_n.x, s.n[k].x, Fmpz(100).x);
  while (r.tail + 1 < k && fmpq_cmp(s.n[r.tail].x, floor_n.x) < 0) ++r.tail;
  log_slope(r.slope.x, s.ratio[r.tail].x, s.ratio[k].x, s.n[r.tail], s.n[k], prec);
  log_slope(r.g_exponent.x, s.g[r.tail].x, s.g[k].x, s.n[r.tail], s.n[k], prec);
  if (signed_ratio) fit_distance(r, s, r.tail, k, prec);
  return r;
}

// ~ by the rule in the banner: D shrinks at least like n^-kappa (consistent), or D does not
// shrink (inconsistent); D shrinking more slowly is undecided.
Truth decide_equivalence(const Fit& f, const arb_t kappa) {
  if (f.dev_last_zero) return Truth::yes;
  Arb neg;
  arb_neg(neg.x, kappa);
  if (arb_lt(f.dev_slope.x, neg.x)) return Truth::yes;
  const bool not_shrinking =
      f.dev_cmp ? *f.dev_cmp >= 0 : arb_is_positive(f.dev_last.x) && arb_ge(f.dev_last.x, f.dev_first.x);
  return not_shrinking ? Truth::no : Truth::unknown;
}

// The grade by the rule in the banner.
Truth decide(const std::string& order, const Fit& f, const arb_t kappa) {
  if (order == "~") return decide_equivalence(f, kappa);
  Arb neg;
  arb_neg(neg.x, kappa);
  const bool below = arb_lt(f.slope.x, kappa), above = arb_gt(f.slope.x, kappa);
  const bool over_neg = arb_gt(f.slope.x, neg.x), under_neg = arb_lt(f.slope.x, neg.x);
  if (order == "O") return below ? Truth::yes : above ? Truth::no : Truth::unknown;
  if (order == "Omega") return over_neg ? Truth::yes : under_neg ? Truth::no : Truth::unknown;
  return below && over_neg ? Truth::yes : above || under_neg ? Truth::no : Truth::unknown;
}

const char* grade_word(Truth t) {
  return t == Truth::yes ? "consistent" : t == Truth::no ? "inconsistent" : "undecided";
}

// The texts every message of one graded claim uses.
struct Words {
  std::string var, kappa, stretch, range;  // "n", "1/20", "n = 10..1000", "[1.006, 1.584]"
};

std::string consistent_grade(bool equivalence, const Fit& f, const Words& w) {
  if (!equivalence || f.dev_last_zero) return fmt::format("consistent on the grid (C in {})", w.range);
  return fmt::format("consistent on the grid (ratio in {}; |ratio - 1| shrinks like {}^{} over {})", w.range,
                     w.var, midpoint(f.dev_slope.x), w.stretch);
}

std::string inconsistent_grade(bool equivalence, const Fit& f, const Words& w) {
  if (equivalence)
    return fmt::format("inconsistent: the ratio does not approach 1 (|ratio - 1| from {} to {} over {})",
                       midpoint(f.dev_first.x), midpoint(f.dev_last.x), w.stretch);
  const bool grows = arf_sgn(arb_midref(f.slope.x)) > 0;
  return fmt::format("inconsistent: ratio {} like {}^{} ({})", grows ? "grows" : "decays", w.var,
                     midpoint(f.slope.x), w.stretch);
}

// Why the grid could not decide, and what would (slow: D shrinks, decidedly slower than n^-kappa).
std::string undecided_grade(bool equivalence, bool slow, const Fit& f, const Words& w) {
  if (equivalence && slow)
    return fmt::format(
        "undecided: extend the grid (|ratio - 1| shrinks like {}^{} over {}, slower than {}^-{}: too "
        "short a grid to tell whether the ratio reaches 1)",
        w.var, midpoint(f.dev_slope.x), w.stretch, w.var, w.kappa);
  return fmt::format(
      "undecided: extend the grid (the enclosure of the trend, {}^{} over {}, straddles the tolerance {})",
      w.var, interval(equivalence ? f.dev_slope.x : f.slope.x), w.stretch, w.kappa);
}

}  // namespace

Value Evaluator::asymptotic(const Node& n, Sink* sink) {
  const Range items = range_values(n, 3, sink);
  const bool equivalence = n.name == "~";
  if (items.size() < 3)
    throw UsageError(
        fmt::format("expression, column {}: an asymptotic claim needs at least 3 values of {}, got {}", n.pos,
                    n.var, items.size()));
  const EvalPair at = [&](const Value& it) {
    if (++steps_ > kMaxSteps) throw ResourceError(fmt::format("expression: more than {} steps", kMaxSteps));
    Sink local;
    Value g = eval_at(n.var, *n.args[0], it, local);
    Value f = eval_at(n.var, *n.args[1], it, local);
    return std::make_pair(std::move(g), std::move(f));
  };
  const Sample s = sample_sequence(
      n, items.size(), [&](size_t i) { return items.at(i, o_.prec); }, at, o_.prec);
  const Value kappa = eval(*n.args[2], sink);
  if (!arb_is_nonnegative(kappa.ball.x))
    throw UsageError(fmt::format("expression, column {}: [slope=...] must be >= 0, got {}", n.pos, n.text));
  const Fit f = fit(s, equivalence, o_.prec);
  Value r;
  r.boolean = true;
  r.truth = decide(n.name, f, kappa.ball.x);
  const std::string& v = n.var;
  Words w{v, n.text, fmt::format("{} = {}..{}", v, short_exact(s.n[f.tail]), short_exact(s.n.back())),
          fmt::format("[{}, {}]", f.q_min ? outward(*f.q_min, false) : outward(f.c_min.x, false),
                      f.q_max ? outward(*f.q_max, true) : outward(f.c_max.x, true))};
  if (sink != nullptr && sink->shown.size() < 6)
    sink->shown.push_back(fmt::format(
        "{}: ratio in {} on {} = {}..{} ({} values); over {} it goes like {}^{}, the left side like {}^{}{} "
        "(trend tolerance {}): {}",
        equivalence ? "~" : n.name + "()", w.range, v, short_exact(s.n.front()), short_exact(s.n.back()),
        s.n.size(), w.stretch, v, interval(f.slope.x), v, interval(f.g_exponent.x),
        equivalence ? fmt::format(", |ratio - 1| like {}^{}", v, interval(f.dev_slope.x)) : "", n.text,
        grade_word(r.truth)));
  if (report_ == nullptr) return r;
  if (r.truth == Truth::yes) {
    Grade g;
    g.asymptotic.push_back(consistent_grade(equivalence, f, w));
    report_->grade.merge(g);
  } else if (r.truth == Truth::no && report_->inconsistent.empty()) {
    report_->inconsistent = inconsistent_grade(equivalence, f, w);
    const double left = arf_get_d(arb_midref(f.g_exponent.x), ARF_RND_NEAR);
    report_->growth = Report::Growth{v, w.stretch, *n.strings[1], left,
                                     left - arf_get_d(arb_midref(f.slope.x), ARF_RND_NEAR)};
  } else if (r.truth == Truth::unknown && report_->undecided.empty()) {
    Arb neg;
    arb_neg(neg.x, kappa.ball.x);
    const bool slow = arb_is_negative(f.dev_slope.x) && arb_gt(f.dev_slope.x, neg.x);
    report_->undecided = undecided_grade(equivalence, slow, f, w);
  }
  return r;
}

}  // namespace bc::expr::detail
