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

// x rounded outward (up or down) to 4 significant digits, as a decimal.
std::string outward(const Fmpq& x, bool up) {
  if (fmpq_is_zero(x.x)) return "0";
  Fmpq q = x, scale;
  const double approx = std::fabs(fmpq_get_d(x.x));
  const long e10 = static_cast<long>(std::floor(std::log10(approx)));
  const long shift = 3 - e10;  // q * 10^shift has 4 digits before the point
  Fmpz ten(10), pw;
  fmpz_pow_ui(pw.x, ten.x, static_cast<ulong>(std::labs(shift)));
  if (shift >= 0)
    fmpq_set_fmpz_frac(scale.x, pw.x, Fmpz(1).x);
  else
    fmpq_set_fmpz_frac(scale.x, Fmpz(1).x, pw.x);
  fmpq_mul(q.x, q.x, scale.x);
  Fmpz m;
  if (up)
    fmpz_cdiv_q(m.x, fmpq_numref(q.x), fmpq_denref(q.x));
  else
    fmpz_fdiv_q(m.x, fmpq_numref(q.x), fmpq_denref(q.x));
  // m * 10^-shift: fixed notation for moderate sizes, else d.ddd e E
  char* c = fmpz_get_str(nullptr, 10, m.x);
  std::string digits(c);
  flint_free(c);
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

std::string outward(const arf_t x, bool up) {
  if (!arf_is_finite(x)) return arf_sgn(x) > 0 ? "inf" : "-inf";
  Fmpq q;
  arf_get_fmpq(q.x, x);
  return outward(q, up);
}

std::string interval(const arb_t x) {
  if (!arb_is_finite(x)) return "[undetermined]";
  Arf lo, hi;
  arb_get_lbound_arf(lo.x, x, 64);
  arb_get_ubound_arf(hi.x, x, 64);
  return fmt::format("[{}, {}]", outward(lo.x, false), outward(hi.x, true));
}

std::string midpoint(const arb_t x) { return fmt::format("{:.3g}", arf_get_d(arb_midref(x), ARF_RND_NEAR)); }

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
                      n.pos, n.var, show_value(it), i > 0 ? s.n.back().str() : "the start"));
    s.n.push_back(*it.exact);
    const auto [g, f] = at(it);
    if ((f.exact && fmpq_is_zero(f.exact->x)) || arb_is_zero(f.ball.x))
      throw DomainError(fmt::format("expression, column {}: {} vanishes at {} = {}", n.pos, *n.strings[1],
                                    n.var, it.exact->str()));
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
  Words w{v, n.text, fmt::format("{} = {}..{}", v, s.n[f.tail].str(), s.n.back().str()),
          fmt::format("[{}, {}]", f.q_min ? outward(*f.q_min, false) : outward(f.c_min.x, false),
                      f.q_max ? outward(*f.q_max, true) : outward(f.c_max.x, true))};
  if (sink != nullptr && sink->shown.size() < 6)
    sink->shown.push_back(fmt::format(
        "{}: ratio in {} on {} = {}..{} ({} values); over {} it goes like {}^{}, the left side like {}^{}{} "
        "(trend tolerance {}): {}",
        equivalence ? "~" : n.name + "()", w.range, v, s.n.front().str(), s.n.back().str(), s.n.size(),
        w.stretch, v, interval(f.slope.x), v, interval(f.g_exponent.x),
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
