// Quantities in expressions through the one registry (see tools/verify/quantities.hpp).
// Cost: one run of each distinct command invocation (cached), plus reading its cell.
#include "verify/quantities.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/suggest.hpp"
#include "output/cell_value.hpp"
#include "output/output_path.hpp"
#include "sphere/sign_coef.hpp"
#include "views/registry_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

namespace bc::cli {

namespace {

// Clipped to n bytes with "...", never inside a UTF-8 sequence.
std::string clip_name(const std::string& s, size_t n) {
  if (s.size() <= n) return s;
  size_t k = n - 3;
  while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
  return s.substr(0, k) + "...";
}

std::string dashes(std::string s) {
  std::replace(s.begin(), s.end(), '_', '-');
  return s;
}
std::string underscores(std::string s) {
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// The designated primary column of the commands whose first result column is not the quantity
// itself ("" = the command has no single primary value: name a column).
const std::map<std::string, std::string>& primary_column() {
  static const std::map<std::string, std::string> m{{"rank heads", "h_min"},
                                                    {"rank count", "exact"},
                                                    {"rank bound", ""},
                                                    {"depth transition", "N_tr"},
                                                    {"depth optimal", "L"}};
  return m;
}

// Commands whose --exact flag prints the same columns as exact values (rationals, or closed
// forms such as sqrt(3)/2): a quantity from them is read exact by default. The exact run is
// tried first and given up (for the ball run) when the command refuses it as too large.
// The exact form is tried only while it is small (at most 20000 characters a row, by the
// command's own estimate): sign-coef(d=10^7, l=1) exact has millions of digits.
bool has_exact_variant(const CommandQuantities::Found& f, const expr::QuantityCall& c) {
  if (f.words.size() != 2 || f.words[0] != "sphere" || f.words[1] != "sign-coef") return false;
  std::optional<ulong> d, l;
  for (const auto& a : c.args) {
    auto q = parse_exact_rational(a.value);
    if (!q || !fmpz_is_one(fmpq_denref(q->x)) || fmpz_sgn(fmpq_numref(q->x)) < 0 ||
        !fmpz_abs_fits_ui(fmpq_numref(q->x)))
      continue;
    if (a.name == "d") d = fmpz_get_ui(fmpq_numref(q->x));
    if (a.name == "l") l = fmpz_get_ui(fmpq_numref(q->x));
  }
  return d && l && sphere::sign_coef_exact_row_chars(*d, *l) <= 20000;
}

}  // namespace

std::string quantity_name(const std::string& path) {
  std::string p = path;
  std::replace(p.begin(), p.end(), ' ', '.');
  return underscores(p);
}

const out::Table* TableCache::find(const std::string& key) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = map_.find(key);
  return it == map_.end() ? nullptr : &it->second;
}

const out::Table& TableCache::insert(const std::string& key, out::Table t) {
  std::lock_guard<std::mutex> lock(m_);
  return map_.emplace(key, std::move(t)).first->second;  // std::map: references stay valid
}

verify::Quantities CommandQuantities::quantities() {
  verify::Quantities q;
  q.resolve = [this](expr::Quantity& out, const expr::QuantityCall& c, long digits, slong prec) {
    resolve(out, c, digits, prec);
  };
  q.validate = [this](const expr::QuantityCall& c) { (void)lookup(c); };
  return q;
}

CommandQuantities::Found CommandQuantities::lookup(const expr::QuantityCall& c) {
  Found f{nullptr, {}, {}};
  for (const auto& w : c.path) f.words.push_back(dashes(w));
  const std::string path = fmt::format("{}", fmt::join(f.words, " "));
  f.cmd = inv_.registry().find(path);
  if (f.cmd == nullptr || f.words.front() == "verify" || f.words.front() == "table" ||
      f.words.front() == "tex") {
    std::vector<std::string> names;
    for (const auto& cmd : inv_.registry().commands()) {
      std::string p = cmd.path();
      if (p.rfind("verify", 0) == 0 || p.rfind("table", 0) == 0 || p == "tex") continue;
      std::replace(p.begin(), p.end(), ' ', '.');
      names.push_back(underscores(p));
    }
    const std::string written = fmt::format("{}", fmt::join(c.path, "."));
    const auto close = did_you_mean(written, names);
    throw UsageError(fmt::format("unknown quantity \"{}\"{} (quantities: {})", written,
                                 close.empty() ? "" : fmt::format(", did you mean {}?", close.front()),
                                 fmt::join(names, ", ")));
  }
  const CLI::App& app = *f.cmd->app;
  const std::string where = fmt::format("{}", fmt::join(c.path, "."));
  for (const auto& a : c.args) {
    const std::string name = clip_name(a.name, 40);  // as quoted in a message
    std::string opt = "--" + a.name;
    if (app.get_option_no_throw(opt) == nullptr) opt = "--" + dashes(a.name);
    const CLI::Option* o = app.get_option_no_throw(opt);
    // the global options (and --help, --version): verify sets them, or they do not belong inside
    // a quantity; the registry's own rule for a command's options (registry_json.hpp) tells them
    if (o != nullptr && !own_option(app, o, false))
      throw UsageError(
          fmt::format("{}: --{} is a global option, set by verify (or on its command line), not "
                      "inside a quantity",
                      where, dashes(name)));
    if (o == nullptr) {
      std::vector<std::string> known;
      for (const CLI::Option* k : app.get_options())
        if (own_option(app, k, false))
          for (const auto& l : k->get_lnames()) known.push_back(underscores(l));
      const auto close = did_you_mean(a.name, known);
      throw UsageError(fmt::format("{} has no option \"{}\"{} (options: {})", where, name,
                                   close.empty() ? "" : fmt::format(", did you mean {}?", close.front()),
                                   fmt::join(known, ", ")));
    }
    const bool takes_value = o->get_expected_max() != 0;  // add_flag: expected(0)
    if (a.flag && takes_value)
      throw UsageError(fmt::format("{}: {} takes a value: write {}=VALUE", where, name, name));
    if (!a.flag && !takes_value)
      throw UsageError(fmt::format("{}: {} is a flag: write it alone, without =", where, name));
    if (std::any_of(f.options.begin(), f.options.end(), [&](const std::string& g) { return g == opt; }))
      throw UsageError(fmt::format("{}: {} is given twice", where, name));
    if (from_file_ && reads_file(*o))
      out::check_input_path_from_file(a.value, fmt::format("{}: {}", where, name));
    f.options.push_back(opt);
  }
  return f;
}

const out::Table& CommandQuantities::run_cached(const std::vector<std::string>& args,
                                                const expr::QuantityCall& c) {
  const std::string key = fmt::format("{}", fmt::join(args, "\x1f"));
  if (const out::Table* hit = cache_.find(key)) return *hit;
  RunResult r;
  try {
    r = inv_.run(args);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("{}: {}", c.text(), e.what()));
  } catch (const DomainError& e) {
    throw DomainError(fmt::format("{}: {}", c.text(), e.what()));
  }
  if (r.exit_code != 0 || r.skip_output || !r.raw.empty())
    throw DomainError(fmt::format("{}: the command gave no table (exit code {})", c.text(), r.exit_code));
  return cache_.insert(key, std::move(r.table));
}

const out::Table* CommandQuantities::exact_table(const Found& f, const expr::QuantityCall& c,
                                                 std::vector<std::string> args) {
  if (!has_exact_variant(f, c)) return nullptr;
  for (const auto& a : c.args)
    if (a.name == "exact") return nullptr;  // asked for explicitly: the ordinary run is the exact one
  args.emplace_back("--exact");
  try {
    return &run_cached(args, c);
  } catch (const ResourceError&) {
    return nullptr;
  } catch (const DomainError&) {
    return nullptr;
  }
}

std::vector<std::string> CommandQuantities::argv(const Found& f, const expr::QuantityCall& c) {
  std::vector<std::string> args = f.words;
  for (size_t i = 0; i < c.args.size(); ++i) {
    args.push_back(f.options[i]);
    if (!c.args[i].flag) args.push_back(c.args[i].value);
  }
  return args;
}

void CommandQuantities::resolve(expr::Quantity& out, const expr::QuantityCall& c, long digits, slong prec) {
  Found f = lookup(c);
  std::vector<std::string> args = argv(f, c);
  if (const out::Table* t = exact_table(f, c, args); t != nullptr && read_cell(out, *t, f, c, prec, true))
    return;
  // a precision ladder's rung may ask past the commands' ceiling (--digits 7000 retried at 21000):
  // the command computes at the ceiling, and the expression gets the enclosure that gives
  args.insert(args.end(), {"--digits", std::to_string(std::min(digits, limits::max_digits))});
  (void)read_cell(out, run_cached(args, c), f, c, prec, false);
}

// Reads the quantity's cell from t; with exact_only, only an exact value (rational or closed
// form) is accepted (false otherwise, out untouched).
bool CommandQuantities::read_cell(expr::Quantity& out, const out::Table& t, const Found& f,
                                  const expr::QuantityCall& c, slong prec, bool exact_only) {
  if (t.rows.size() != 1)
    throw UsageError(fmt::format("{}: the command printed {} rows; give options that select one row",
                                 c.text(), t.rows.size()));
  const auto& row = t.rows.front();
  size_t col = t.columns.size();
  if (!c.column.empty()) {
    for (size_t i = 0; i < t.columns.size(); ++i)
      if (t.columns[i] == c.column || t.columns[i] == underscores(c.column)) col = i;
    if (col == t.columns.size())
      throw UsageError(
          fmt::format("{}: no column \"{}\" (columns: {})", c.text(), c.column, fmt::join(t.columns, ", ")));
  } else if (auto d = primary_column().find(f.words.front() + " " + f.words.back());
             d != primary_column().end()) {
    if (d->second.empty())
      throw UsageError(fmt::format("{}: name the column to read, e.g. .lo or .hi (columns: {})", c.text(),
                                   fmt::join(t.columns, ", ")));
    for (size_t i = 0; i < t.columns.size(); ++i)
      if (t.columns[i] == d->second) col = i;
  } else {
    std::set<std::string> echoed;
    for (const CLI::Option* o : f.cmd->app->get_options())
      for (const auto& l : o->get_lnames()) echoed.insert(underscores(l));
    for (size_t i = 0; i < t.columns.size() && col == t.columns.size(); ++i)
      if (!echoed.count(t.columns[i]) && row[i].numeric()) col = i;
    if (col == t.columns.size())
      throw UsageError(
          fmt::format("{}: no numeric result column (columns: {})", c.text(), fmt::join(t.columns, ", ")));
  }
  if (row[col].kind == out::CellKind::exact) {  // a closed form: "sqrt(3)/2", "8/(3*pi)"
    if (auto v = expr::closed_form(row[col].str, prec); v && (v->alg || v->exact)) {
      arb_set(out.ball.x, v->ball.x);
      out.exact = v->exact;
      out.alg = v->alg;
      out.uncertified = false;
      return true;
    }
  }
  if (exact_only) return false;
  bool uncertified = false;
  if (!out::cell_value(out.ball.x, out.exact, row[col], uncertified, prec))
    throw DomainError(fmt::format("{}: column \"{}\" is not numeric (\"{}\")", c.text(), t.columns[col],
                                  row[col].display()));
  out.uncertified = uncertified;
  return true;
}

}  // namespace bc::cli
