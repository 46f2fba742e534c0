#include "support.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bc::test {

std::vector<std::vector<std::string>> read_csv(const std::string& name) {
  std::ifstream in(std::string(BOUNDCHECK_DATA_DIR) + "/" + name);
  if (!in) throw std::runtime_error("cannot open data file " + name);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) f.push_back(cell);
    if (!line.empty() && line.back() == ',') f.emplace_back();
    rows.push_back(std::move(f));
  }
  return rows;
}

Arb decimal_ball(const std::string& text, long digits, slong prec) {
  Arb x, r;
  if (arb_set_str(x.x, text.c_str(), prec) != 0) throw std::runtime_error("bad decimal " + text);
  if (arb_is_zero(x.x)) return x;
  // radius: |x| * 10^{1-digits}, rounded up generously
  arb_abs(r.x, x.x);
  Arb ten;
  arb_set_ui(ten.x, 10);
  arb_pow_ui(ten.x, ten.x, static_cast<ulong>(digits - 1), prec);
  arb_div(r.x, r.x, ten.x, prec);
  arb_add_error(x.x, r.x);
  return x;
}

bool overlaps(const arb_t a, const arb_t b) { return arb_overlaps(a, b); }

double agreeing_digits(const arb_t a, const arb_t b) {
  if (arf_is_zero(arb_midref(a)) && arf_is_zero(arb_midref(b))) return 1000;
  if (arf_is_zero(arb_midref(a))) return 0;
  Arb diff, rel;
  arb_sub(diff.x, a, b, 1024);
  arb_get_mid_arb(diff.x, diff.x);
  if (arb_is_zero(diff.x)) return 1000;
  arb_div(rel.x, diff.x, a, 1024);
  arb_abs(rel.x, rel.x);
  arb_log_base_ui(rel.x, rel.x, 10, 64);
  return -arf_get_d(arb_midref(rel.x), ARF_RND_NEAR);
}

std::uint64_t test_seed() {
  const char* s = std::getenv("BOUNDCHECK_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 20261121ULL;
}

}  // namespace bc::test
