// bench_sphere: times boundcheck's sphere kernels in-process and prints one JSON object per line
// (bench/run_bench.py pairs them with mpmath / math.comb timings and prints ratios).
//   sign_coef   all odd l <= L at D digits: ratio recurrence + formatting to decimal strings
//   dim         N(d,l) as an exact integer (and, separately, its decimal conversion)
//   gegenbauer  boundcheck's adaptive cosine sum vs Arb's arb_hypgeom_gegenbauer_c with
//               precision doubling (both to D correct digits); `gegenbauer77 [l]`: d = 11, t = 0.3,
//               77 digits, l = 10^4 unless given
// Each timing is the best of `repeat` runs (steady-state cost, as timeit's min).
#include "core/real_format.hpp"
#include "sphere/dim.hpp"
#include "sphere/gegenbauer.hpp"
#include "sphere/sign_coef.hpp"

#include <arb_hypgeom.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <string>

using namespace bc;
using Clock = std::chrono::steady_clock;

template <class F>
double best_of(int repeat, F&& f) {
  double best = 1e300;
  for (int i = 0; i < repeat; ++i) {
    auto t0 = Clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

static void bench_sign_coef(ulong d, ulong lmax, long digits) {
  size_t rows = 0, chars = 0;
  double compute = best_of(3, [&] { rows = sphere::sign_coef_eval(d, 1, lmax, false, digits).size(); });
  double with_format = best_of(3, [&] {
    auto rs = sphere::sign_coef_eval(d, 1, lmax, false, digits);
    chars = 0;
    for (auto& r : rs)
      chars += format_real(r.coef.x, digits, false).size() +
               format_real(r.coef_unit.x, digits, false).size() +
               format_real(r.energy.x, digits, false).size();
  });
  std::printf(
      "{\"bench\":\"sign_coef\",\"d\":%lu,\"l_max\":%lu,\"digits\":%ld,\"rows\":%zu,"
      "\"seconds_compute\":%.6g,\"seconds_with_format\":%.6g,\"chars\":%zu}\n",
      d, lmax, digits, rows, compute, with_format, chars);
}

static void bench_dim(ulong d, ulong l) {
  Fmpz n;
  int repeat = 5;
  double t = best_of(repeat, [&] { sphere::harmonic_dim(n.x, d, l); });
  std::string s;
  double ts = best_of(repeat, [&] { s = n.str(); });
  std::printf(
      "{\"bench\":\"dim\",\"d\":%lu,\"l\":%lu,\"digits\":%zu,\"seconds\":%.6g,\"seconds_to_decimal\":%.6g}\n",
      d, l, s.size(), t, ts);
}

static void bench_gegenbauer(ulong d, ulong l, const char* t, long digits) {
  Fmpq tq;
  fmpq_set_str(tq.x, t, 10);
  std::string mine;
  double tm = best_of(3, [&] {
    auto v = sphere::gegenbauer_eval(d, l, tq, sphere::GegenbauerNorm::standard, digits);
    mine = format_real(v.value.x, digits, false);
  });
  // Arb's routine, precision doubling from 64 bits until the ball gives `digits` digits.
  std::string arb_s;
  slong arb_prec = 0;
  double ta = best_of(1, [&] {
    Arb n, m, z, r;
    for (slong prec = 64;; prec *= 2) {
      arb_set_ui(n.x, l);
      arb_set_ui(m.x, d - 2);
      arb_mul_2exp_si(m.x, m.x, -1);
      arb_set_fmpq(z.x, tq.x, prec);
      arb_hypgeom_gegenbauer_c(r.x, n.x, m.x, z.x, prec);
      if (accurate_to_digits(r.x, digits)) {
        arb_s = format_real(r.x, digits, false);
        arb_prec = prec;
        break;
      }
    }
  });
  std::printf(
      "{\"bench\":\"gegenbauer\",\"d\":%lu,\"l\":%lu,\"t\":\"%s\",\"digits\":%ld,\"seconds\":%.6g,"
      "\"value\":\"%s\",\"arb_seconds\":%.6g,\"arb_final_prec\":%ld,\"arb_value\":\"%s\"}\n",
      d, l, t, digits, tm, mine.c_str(), ta, arb_prec, arb_s.c_str());
}

int main(int argc, char** argv) {
  std::string what = argc > 1 ? argv[1] : "all";
  if (what == "all" || what == "sign_coef") bench_sign_coef(64, 100000, 50);
  if (what == "all" || what == "dim") {
    for (auto [d, l] : {std::pair{100000ul, 10000ul},
                        {10000ul, 100000ul},
                        {1000ul, 1000ul},
                        {1000000ul, 100000ul},
                        {3ul, 1000000000ul},
                        {64ul, 50ul}})
      bench_dim(d, l);
  }
  if (what == "all" || what == "gegenbauer") {
    for (auto [d, l] : {std::pair{11ul, 10000ul}, {100ul, 10000ul}, {11ul, 100000ul}, {100ul, 100000ul}})
      bench_gegenbauer(d, l, "3/10", 30);
  }
  if (what == "gegenbauer77") {  // issue 16's rows: l = 10^4 (default) and l = 10^5 (argument)
    const ulong l = argc > 2 ? std::stoul(argv[2]) : 10000;
    bench_gegenbauer(11, l, "3/10", 77);
  }
  flint_cleanup();
  return 0;
}
