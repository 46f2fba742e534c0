// b(r,l) exact and talk counts. Cost: one binomial.
#include "rank/count.hpp"

#include "sphere/dim.hpp"

namespace bc::rank {

const char* count_name(CountRule c) { return c == CountRule::exact ? "exact" : "talk"; }

bool parse_count(const std::string& s, CountRule& out) {
  if (s == "exact")
    out = CountRule::exact;
  else if (s == "talk")
    out = CountRule::talk;
  else
    return false;
  return true;
}

bool count_is_full(ulong d, ulong r, CountRule rule) { return rule == CountRule::exact && r >= d; }

ulong count_degree(ulong r, CountRule rule) { return rule == CountRule::exact ? r - 1 : r; }

void head_count(fmpz_t res, ulong d, ulong r, ulong l, CountRule rule) {
  if (count_is_full(d, r, rule)) {
    sphere::harmonic_dim(res, d, l);
    return;
  }
  if (rule == CountRule::exact) {
    if (l == 0)
      fmpz_one(res);
    else
      fmpz_bin_uiui(res, r + l - 1, l);
  } else {
    fmpz_bin_uiui(res, r + l, l);
  }
}

}  // namespace bc::rank
