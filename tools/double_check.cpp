// --double-check (primecount's convention): run a command twice with different internal
// parameters and compare. The second computation runs with Context::alternate set (commands with
// an alternative algorithm switch to it: recurrence vs cosine sum, double vs Arb kernel, ...), 12
// more digits (so every adaptive working precision, truncation degree and term budget moves) and
// certified output, so that its reals arrive as enclosures "[m +/- r]". A first-run real printed
// with D rounded digits stands for the interval of one unit in its last digit (real_format.hpp).
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/flint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace bc::cli {

namespace {

// Encloses the printed real `s` in `x`: "[m +/- r]" as printed by --certified, or a rounded
// decimal, widened by one unit in its last digit. False when `s` is not a number.
bool enclose(arb_t x, const std::string& s) {
  if (s.empty()) return false;
  if (s.front() == '[' && s.back() == ']' && s.find(", ") != std::string::npos) {  // "[lo, hi]"
    const size_t c = s.find(", ");
    Arb a, b;
    if (!enclose(a.x, s.substr(1, c - 1)) || !enclose(b.x, s.substr(c + 2, s.size() - c - 3))) return false;
    arb_union(x, a.x, b.x, 256);
    return true;
  }
  if (s.front() == '[') return arb_set_str(x, s.c_str(), 256) == 0;
  std::string mant = s, exps;
  const size_t e = s.find_first_of("eE");
  if (e != std::string::npos) {
    mant = s.substr(0, e);
    exps = s.substr(e + 1);
  }
  long exp10 = 0;
  if (!exps.empty()) {
    char* end = nullptr;
    exp10 = std::strtol(exps.c_str(), &end, 10);
    if (end == exps.c_str() || *end != '\0') return false;
  }
  long frac = 0;
  bool dot = false, any = false, nonzero = false;
  for (size_t i = 0; i < mant.size(); ++i) {
    const char c = mant[i];
    if ((c == '-' || c == '+') && i == 0) continue;
    if (c == '.' && !dot) {
      dot = true;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    any = true;
    nonzero = nonzero || c != '0';
    if (dot) ++frac;
  }
  if (!any || arb_set_str(x, s.c_str(), 256) != 0) return false;
  if (!nonzero) return true;  // "0" is printed only for exact zeros
  Arb ulp;
  arb_set_ui(ulp.x, 10);
  const long k = exp10 - frac;
  arb_pow_ui(ulp.x, ulp.x, static_cast<ulong>(std::labs(k)), 256);
  if (k < 0) arb_inv(ulp.x, ulp.x, 256);
  Mag m;
  arb_get_mag(m.x, ulp.x);
  arb_add_error_mag(x, m.x);
  return true;
}

bool agree(const out::Cell& a, const out::Cell& b) {
  using out::CellKind;
  if (a.kind == CellKind::number || b.kind == CellKind::number) {
    if (a.kind != b.kind) return false;
    if (std::isnan(a.dval) || std::isnan(b.dval)) return std::isnan(a.dval) && std::isnan(b.dval);
    if (a.dval == b.dval) return true;
    return std::fabs(a.dval - b.dval) <= 1e-9 * std::max(std::fabs(a.dval), std::fabs(b.dval));
  }
  if (a.kind == CellKind::integer && b.kind == CellKind::integer) return a.ival == b.ival;
  if (a.display() == b.display()) return true;
  Arb x, y;
  if (!enclose(x.x, a.display()) || !enclose(y.x, b.display())) return false;
  return arb_overlaps(x.x, y.x) != 0;
}

// The partner of a bracket column: "lo" <-> "hi", "x_lo" <-> "x_hi"; npos when none.
size_t bracket_partner(const std::vector<std::string>& cols, size_t j) {
  const std::string& c = cols[j];
  std::string other;
  if (c == "lo" || (c.size() > 3 && c.compare(c.size() - 3, 3, "_lo") == 0))
    other = c.substr(0, c.size() - 2) + "hi";
  else if (c == "hi" || (c.size() > 3 && c.compare(c.size() - 3, 3, "_hi") == 0))
    other = c.substr(0, c.size() - 2) + "lo";
  else
    return std::string::npos;
  const auto it = std::find(cols.begin(), cols.end(), other);
  return it == cols.end() ? std::string::npos : static_cast<size_t>(it - cols.begin());
}

// The value of a bracket end as printed: a directed decimal (lo rounded down, hi rounded up) is a
// bound as it stands, not widened by a unit; a ball "[m +/- r]" is the ball.
bool bound_value(arb_t x, const std::string& s) {
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s.back())) || s.back() == ']')) return false;
  Arb widened;
  if (!enclose(widened.x, s)) return false;  // validates the syntax
  return arb_set_str(x, s.c_str(), 256) == 0;
}

// Two certified brackets lo <= X <= hi of one quantity agree when they intersect: each run's lo
// is a valid lower bound whatever its truncation and precision, so lo is not compared with lo
// (at 10 digits a bracket may be a unit wider than at 22). False when a cell is not a number.
bool brackets_agree(const out::Cell& lo1, const out::Cell& hi1, const out::Cell& lo2, const out::Cell& hi2,
                    bool& numeric) {
  Arb a, b, c, e;
  numeric = bound_value(a.x, lo1.display()) && bound_value(b.x, hi1.display()) &&
            bound_value(c.x, lo2.display()) && bound_value(e.x, hi2.display());
  if (!numeric) return false;
  return !arb_gt(a.x, e.x) && !arb_gt(c.x, b.x);  // lo1 <= hi2 and lo2 <= hi1
}

}  // namespace

void check_agreement(const out::Table& a, const out::Table& b, const std::string& who,
                     const std::string& method, const std::vector<std::string>& skip) {
  if (a.columns != b.columns || a.rows.size() != b.rows.size())
    throw DomainError(
        fmt::format("{}: the second computation ({}) gave a table of another shape ({} vs {} rows)", who,
                    method, a.rows.size(), b.rows.size()));
  for (size_t i = 0; i < a.rows.size(); ++i)
    for (size_t j = 0; j < a.columns.size() && j < a.rows[i].size() && j < b.rows[i].size(); ++j) {
      if (std::find(skip.begin(), skip.end(), a.columns[j]) != skip.end()) continue;
      const auto& ra = a.rows[i];
      const auto& rb = b.rows[i];
      const size_t k = bracket_partner(a.columns, j);
      if (k != std::string::npos && k < ra.size() && k < rb.size()) {
        const size_t lo = a.columns[j].size() >= 2 &&
                                  a.columns[j].compare(a.columns[j].size() - 2, 2, "lo") == 0
                              ? j
                              : k,
                     hi = lo == j ? k : j;
        bool numeric = false;
        if (brackets_agree(ra[lo], ra[hi], rb[lo], rb[hi], numeric)) continue;
        if (numeric)
          throw DomainError(
              fmt::format("{}: the bracket [{}, {}] in row {} is [{}, {}] but the second computation ({}) "
                          "gives [{}, {}]: they "
                          "do not intersect",
                          who, a.columns[lo], a.columns[hi], i + 1, ra[lo].display(), ra[hi].display(),
                          method, rb[lo].display(), rb[hi].display()));
      }
      if (!agree(ra[j], rb[j]))
        throw DomainError(fmt::format("{}: {} in row {} is {} but the second computation ({}) gives {}", who,
                                      a.columns[j], i + 1, ra[j].display(), method, rb[j].display()));
    }
}

RunResult run_checked(const Command& cmd, const Context& ctx) {
  RunResult first = cmd.run(ctx);
  if (!ctx.double_check || cmd.own_double_check || first.exit_code != 0 || !first.raw.empty()) return first;
  Context alt = ctx;
  alt.alternate = true;
  alt.digits = ctx.digits + 12;
  alt.certified = true;
  alt.output.clear();
  RunResult second = cmd.run(alt);
  first.table.materialize();  // rows made as printed (out::RowSource) are compared as cells
  second.table.materialize();
  check_agreement(first.table, second.table, cmd.path() + ": --double-check failed", cmd.double_check,
                  cmd.double_check_skip);
  first.table.notes.push_back("double-checked: " + cmd.double_check);
  return first;
}

}  // namespace bc::cli
