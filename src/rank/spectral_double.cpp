// See spectral_double.hpp. Cost: O(L) long-double operations per bracket; one lgamma anchor per
// 64 degrees.
#include "rank/spectral_double.hpp"

#include "core/limits.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <map>

namespace bc::rank {

long double log_c2_closed(unsigned long d, unsigned long l) {
  const long double ld = d, ll = l;
  const long double log_n = (d == 2) ? std::log(2.0L)
                                     : std::log(2 * ll + ld - 2) - std::log(ll) + std::lgamma(ll + ld - 2) -
                                           std::lgamma(ll) - std::lgamma(ld - 1);
  const long double log_s = std::lgamma(ld / 2) + std::lgamma(ll / 2) - std::lgamma((ll + ld) / 2) -
                            std::log(3.14159265358979323846264338327950288L);
  return log_n + 2 * log_s;
}

long double log_rho_closed(unsigned long d, unsigned long r, unsigned long l, CountRule rule) {
  const long double ld = d, ll = l, lr = r;
  if (count_is_full(d, r, rule)) return 0;
  const long double log_b = rule == CountRule::exact
                                ? std::lgamma(lr + ll) - std::lgamma(ll + 1) - std::lgamma(lr)
                                : std::lgamma(lr + ll + 1) - std::lgamma(ll + 1) - std::lgamma(lr + 1);
  const long double log_n = (d == 2) ? std::log(2.0L)
                                     : std::log(2 * ll + ld - 2) - std::log(ll) + std::lgamma(ll + ld - 2) -
                                           std::lgamma(ll) - std::lgamma(ld - 1);
  return log_b - log_n;
}

DoubleSpectrum::DoubleSpectrum(unsigned long d, unsigned long r, CountRule rule)
    : d_(d), r_(r), rule_(rule), full_(count_is_full(d, r, rule)), shape_(tail_shape(d, r, rule)) {}

void DoubleSpectrum::extend_to(unsigned long L) {
  L |= 1;
  const long double ld = d_;
  long double c2 = 0, lr = 0;
  while (L_ < L) {
    const unsigned long l = L_ == 0 ? 1 : L_ + 2;
    const size_t i = (l - 1) / 2;
    if (i % 64 == 0) {  // anchor on the closed form
      c2 = std::exp(log_c2_closed(d_, l));
      lr = log_rho_closed(d_, r_, l, rule_);
    } else {
      const long double p = l - 2;  // previous degree
      c2 = c2_.back() * ((2 * p + ld + 2) * (p + ld - 1) * (p + ld - 2) * p * p) /
           ((2 * p + ld - 2) * (p + 2) * (p + 1) * (p + ld) * (p + ld));
      if (!full_) {
        const long double s = rule_ == CountRule::exact ? r_ : r_ + 1;
        lr = logrho_.back() + std::log((s + p) * (s + p + 1) * (2 * p + ld - 2)) -
             std::log((2 * p + ld + 2) * (p + ld - 2) * (p + ld - 1));
      }
    }
    c2_.push_back(c2);
    logrho_.push_back(full_ ? 0.0L : lr);
    // Kahan summation of the energy: T_L = 1 - E_L must keep its digits
    long double y = c2 - energy_comp_, t = energy_ + y;
    energy_comp_ = (t - energy_) - y;
    energy_ = t;
    L_ = l;
  }
  logrho_next_ = log_rho_closed(d_, r_, L_ + 2, rule_);
  suffix_c2_.assign(c2_.size() + 1, 0.0L);
  for (size_t i = c2_.size(); i-- > 0;) suffix_c2_[i] = suffix_c2_[i + 1] + c2_[i];
}

LbDouble DoubleSpectrum::bracket(long double log_h) const {
  LbDouble out;
  out.terms = L_;
  if (full_) {
    out.converged = true;
    return out;
  }
  long double sum = 0, comp = 0;
  size_t begin = 0, end = c2_.size();
  const bool decreasing_everywhere = shape_.direction == Monotone::decreasing && shape_.from <= 1;
  if (decreasing_everywhere) {
    // rho decreases in l: the saturated levels form a prefix and the levels with H rho < e^-50
    // (where 1 - min(1, H rho) = 1 to long-double precision) a suffix, summed in O(1)
    auto first_below = [&](long double level) {
      size_t lo = 0, hi = c2_.size();
      while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        (log_h + logrho_[mid] < level ? hi : lo) = mid + (log_h + logrho_[mid] < level ? 0 : 1);
      }
      return lo;
    };
    begin = first_below(0);
    end = std::max(begin, first_below(-40));
    sum = suffix_c2_[end];
  }
  for (size_t i = begin; i < end; ++i) {
    const long double x = log_h + logrho_[i];
    if (x >= 0) continue;  // saturated: min(1, H rho) = 1
    // double expm1 (about 1e-16 relative) is ample for a kernel held to 1e-10; e^-40 < 2^-57
    const long double term = c2_[i] * (x < -40 ? 1.0L : -std::expm1(static_cast<double>(x)));
    long double y = term - comp, t = sum + y;
    comp = (t - sum) - y;
    sum = t;
  }
  const long double tail = std::max(0.0L, 1.0L - energy_);
  auto min1 = [](long double lx) { return lx >= 0 ? 1.0L : std::exp(lx); };
  const long double at_next = min1(log_h + logrho_next_);
  long double at_inf = 0;
  if (shape_.limit == 1) at_inf = min1(log_h - std::log(2.0L));
  if (shape_.limit == 2) at_inf = 1;
  long double m_lo = 0, m_hi = 1;
  const bool monotone_tail = L_ + 2 >= shape_.from;
  if (monotone_tail) {
    if (shape_.direction == Monotone::decreasing)
      m_hi = at_next, m_lo = at_inf;
    else if (shape_.direction == Monotone::increasing)
      m_lo = at_next, m_hi = at_inf;
    else
      m_lo = m_hi = at_next;
  }
  out.lo = static_cast<double>(sum + (1 - m_hi) * tail);
  out.hi = static_cast<double>(sum + (1 - m_lo) * tail);
  return out;
}

LbDouble spectral_lower_bound_double(unsigned long d, unsigned long r, long double log_h, CountRule rule,
                                     double tol, unsigned long max_terms) {
  DoubleSpectrum s(d, r, rule);
  unsigned long L = 101;
  for (;;) {
    s.extend_to(std::min(L, max_terms | 1));
    LbDouble b = s.bracket(log_h);
    if (b.hi - b.lo <= tol || b.converged) {
      b.converged = true;
      return b;
    }
    if (s.L() >= max_terms) return b;
    L = 4 * L + 1;
  }
}

long double min_heads_double(unsigned long d, unsigned long r, double eps, CountRule rule,
                             unsigned long max_terms) {
  DoubleSpectrum s(d, r, rule);
  s.extend_to(1001);
  auto lb_mid = [&](long double log_h) {
    for (;;) {
      LbDouble b = s.bracket(log_h);
      if (b.hi <= eps || b.lo > eps) return 0.5L * (b.lo + b.hi);
      if (s.L() >= max_terms)  // the bracket straddles eps: no decision within the term budget
        throw ResourceError(fmt::format(
            "rank heads --kernel double: LB at H = e^{:.6g} lies in [{:.3g}, {:.3g}], which straddles eps = "
            "{:.3g}, after {} odd degrees (raise --max-terms or --eps)",
            static_cast<double>(log_h), b.lo, b.hi, eps, s.L()));
      s.extend_to(std::min(4 * s.L() + 1, max_terms | 1));
    }
  };
  if (lb_mid(0) <= eps) return 1;
  // bisection on log H, then on integers once H < 2^62
  long double lo = 0, hi = 1;
  while (lb_mid(hi) > eps) {
    lo = hi;
    hi *= 2;
    if (hi > 1e6L)
      throw ResourceError(fmt::format(
          "rank heads --kernel double: H_min exceeds e^1e6 (about 10^434294) at d = {}, r = {}, eps = {:.3g}",
          d, r, eps));
  }
  for (int it = 0; it < 200 && hi - lo > 1e-15L * hi; ++it) {
    long double mid = 0.5L * (lo + hi);
    (lb_mid(mid) <= eps ? hi : lo) = mid;
  }
  long double h = std::exp(hi);
  if (h < 9.2e18L) {  // integer refinement around the real root
    long double c = std::ceil(std::exp(lo));
    while (c > 1 && lb_mid(std::log(c - 1)) <= eps) c -= 1;
    while (lb_mid(std::log(c)) > eps) c += 1;
    return c;
  }
  return h;
}

std::vector<LbDouble> lb_grid_double(const std::vector<GridPoint>& points, CountRule rule, double tol,
                                     unsigned long max_terms, int threads) {
  // Points sharing (d, r) share one spectrum, evaluated in the order given (so a point's result
  // depends only on the grid, never on the thread count); groups run in parallel.
  std::vector<std::vector<size_t>> groups;
  {
    std::map<std::pair<unsigned long, unsigned long>, size_t> index;  // (d, r) -> group, first-seen order
    for (size_t i = 0; i < points.size(); ++i) {
      auto [it, fresh] = index.try_emplace({points[i].d, points[i].r}, groups.size());
      if (fresh) groups.emplace_back();
      groups[it->second].push_back(i);
    }
  }
  std::vector<LbDouble> out(points.size());
  const long n = static_cast<long>(groups.size());
  limits::Run& run = limits::current();  // the groups read this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#else
  (void)threads;
#endif
  for (long g = 0; g < n; ++g) {
    const limits::RunScope scope(run);
    const auto& idx = groups[static_cast<size_t>(g)];
    DoubleSpectrum s(points[idx[0]].d, points[idx[0]].r, rule);
    s.extend_to(101);
    for (size_t i : idx) {
      if (limits::expired()) break;  // nothing may throw here: polled after the loop
      for (;;) {
        LbDouble b = s.bracket(points[i].log_h);
        if (b.hi - b.lo <= tol || b.converged || s.L() >= max_terms) {
          b.converged = b.converged || b.hi - b.lo <= tol;
          out[i] = b;
          break;
        }
        s.extend_to(std::min(4 * s.L() + 1, max_terms | 1));
      }
    }
  }
  limits::poll("rank bound --kernel double");
  return out;
}

}  // namespace bc::rank
