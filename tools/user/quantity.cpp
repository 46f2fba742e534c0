// boundcheck NAMESPACE NAME --PARAM VALUE ... [--catalogue DIR]
// A user quantity ([[quantity]] of a catalogue, verify/definitions.hpp) as a command of the one
// registry: each parameter an option (--n), checked against its domain with the one-line usage
// error a built-in gives; its expression (and columns) evaluated over the built-in quantities,
// exact where every input is exact, reals with only correct digits (user/evaluate.hpp); its work
// priced before it runs from the estimates of the commands it calls (user/pricing.hpp), which is
// also its cost model for `table` (Command::estimate).
// Cost: the sum of the commands it calls, plus one dry-run parse per call for the price.
#include "cli.hpp"
#include "core/decimal.hpp"
#include "core/limits.hpp"
#include "user/evaluate.hpp"
#include "user/loaded.hpp"
#include "user/pricing.hpp"
#include "verify/quantities.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace bc::cli {

namespace {

struct UserOptions {
  std::vector<std::string> values;  ///< one per parameter, bound to its option (never resized)
  std::string catalogue;
};

// The calling thread's Invokers for the quantities a user quantity calls, one per nesting depth
// (a user quantity may call another; an Invoker runs one command at a time), rebuilt when the
// loaded quantities changed.
struct Nested {
  unsigned generation = 0;
  std::unique_ptr<TableCache> cache;
  std::unique_ptr<CommandQuantities> cq;
};
thread_local std::vector<Nested> t_nested;
thread_local int t_depth = 0;

class Depth {
 public:
  explicit Depth(const std::string& name) {
    if (++t_depth > 16)
      throw ResourceError(fmt::format("{}: user quantities nested more than 16 deep", name));
  }
  ~Depth() { --t_depth; }
  Depth(const Depth&) = delete;
  Depth& operator=(const Depth&) = delete;
};

// The Invoker of the current depth (a Depth is held: run_user's, or the cost model's).
CommandQuantities& nested_quantities() {
  const auto depth = static_cast<size_t>(std::max(t_depth, 1));
  if (t_nested.size() < depth) t_nested.resize(depth);
  Nested& n = t_nested[depth - 1];
  const unsigned g = user::generation();
  if (!n.cq || n.generation != g) {
    n.cq.reset();
    n.cache = std::make_unique<TableCache>();
    n.cq = std::make_unique<CommandQuantities>(*n.cache, true);
    n.generation = g;
  }
  return *n.cq;
}

std::string command_path(const verify::QuantityDef& d) {
  std::string leaf = d.path()[1];
  std::replace(leaf.begin(), leaf.end(), '_', '-');
  return d.path()[0] + " " + leaf;
}

// The parameters' exact values, each checked against its domain.
user::Bindings bindings(const verify::QuantityDef& d, const UserOptions& o) {
  user::Bindings b;
  for (size_t i = 0; i < d.params.size(); ++i) {
    const verify::Param& p = d.params[i];
    const std::string& text = o.values[i].empty() && p.default_value ? *p.default_value : o.values[i];
    const auto q = parse_exact_rational(text);
    if (!q || !p.domain.contains(*q))
      throw UsageError(fmt::format("--{} must be {}, got \"{}\"", p.name, p.domain.rule(),
                                   text.size() > 40 ? text.substr(0, 37) + "..." : text));
    b.emplace_back(p.name, *q);
  }
  return b;
}

std::vector<expr::Expr> expressions(const verify::QuantityDef& d) {
  std::vector<expr::Expr> out{expr::Expr::parse(d.expr)};
  for (const auto& c : d.columns) out.push_back(expr::Expr::parse(c.expr));
  return out;
}

user::Price total_price(const verify::QuantityDef& d, const user::Bindings& b, long digits) {
  user::Price total;
  for (const auto& e : expressions(d)) {
    const user::Price p = user::price(e, b, digits, nested_quantities());
    total.seconds += p.seconds;
    total.calls += p.calls;
    total.complete = total.complete && p.complete;
  }
  return total;
}

RunResult run_user(const verify::QuantityDef& d, const UserOptions& o, const Context& ctx) {
  const Depth depth(d.name);
  const user::Bindings b = bindings(d, o);
  const user::Price p = total_price(d, b, ctx.digits);
  limits::check_seconds(fmt::format("{}: the {} command calls it makes", command_path(d), p.calls), p.seconds,
                        "lower its parameters");
  out::Table t;
  t.command = command_path(d);
  t.columns.clear();
  std::vector<out::Cell> row;
  for (const auto& [name, value] : b) {
    t.params[name] = value.str();
    t.columns.push_back(name);
    row.push_back(out::exact_cell(value.x));
  }
  const auto exprs = expressions(d);
  for (size_t i = 0; i < exprs.size(); ++i) {
    t.columns.push_back(i == 0 ? d.column() : d.columns[i - 1].name);
    const user::Number n = user::evaluate_number(exprs[i], b, ctx.digits, nested_quantities().quantities());
    row.push_back(user::number_cell(n, ctx, d.name.c_str()));
  }
  t.add_row(std::move(row));
  if (!p.complete)
    t.notes.push_back(
        fmt::format("{}: some of the commands it calls could not be priced before running (their "
                    "options depend on other quantities' values); each priced itself as it ran",
                    d.name));
  return {std::move(t), 0};
}

// An example value for a parameter: its default, else the least integer (or number) in its domain.
std::string example_value(const verify::Param& p) {
  if (p.default_value) return *p.default_value;
  if (p.domain.lo) {
    Fmpq v = *p.domain.lo;
    if (p.domain.type == verify::Domain::Type::integer) {
      Fmpz c;
      fmpz_cdiv_q(c.x, fmpq_numref(v.x), fmpq_denref(v.x));
      fmpq_set_fmpz_frac(v.x, c.x, Fmpz(1).x);
    }
    if (!p.domain.contains(v)) fmpq_add_si(v.x, v.x, 1);
    if (p.domain.contains(v)) return v.str();
  }
  return p.domain.contains(Fmpq(1, 1)) ? "1" : "VALUE";
}

Help user_help(const verify::QuantityDef& d, const std::string& catalogue) {
  std::vector<std::string> names;
  for (const auto& p : d.params) names.push_back(p.name);
  std::string formula = fmt::format("{}({}) = {}", d.column(), fmt::join(names, ", "), d.expr);
  for (const auto& c : d.columns) formula += fmt::format("\n{} = {}", c.name, c.expr);
  std::string params;
  for (const auto& p : d.params)
    params += fmt::format("{}{}: {}{}", params.empty() ? "" : "; ", p.name, p.domain.rule(),
                          p.default_value ? fmt::format(" (default {})", *p.default_value) : "");
  std::string example = fmt::format("boundcheck {} --catalogue {}", command_path(d), catalogue);
  for (const auto& p : d.params) example += fmt::format(" --{} {}", p.name, example_value(p));
  return Help{
      .formula = formula,
      .formula_latex = "",  // a user's expression: the site (if any) shows it as text
      .source = fmt::format("{} (defined at {})", d.source, d.at.str()),
      .cost =
          "The sum of the commands it calls, priced before it runs by their own cost models; "
          "refused up front above --max-seconds.",
      .details = fmt::format("{}. A user quantity of the catalogue {}. Parameters: {}. Exact where every "
                             "input is exact; reals with only correct digits.",
                             d.description, catalogue, params.empty() ? "none" : params),
      .examples = {example, example + " --format json"}};
}

}  // namespace

void setup_user_quantity(CLI::App& group, Registry& reg, const verify::QuantityDef& d) {
  auto opt = std::make_shared<UserOptions>();
  opt->values.resize(d.params.size());
  CLI::App* app = reg.add(group, command_path(d).substr(d.path()[0].size() + 1), d.description);
  for (size_t i = 0; i < d.params.size(); ++i) {
    const verify::Param& p = d.params[i];
    CLI::Option* o =
        app->add_option("--" + p.name, opt->values[i],
                        fmt::format("{}{}", p.domain.rule(),
                                    p.default_value ? " (default " + *p.default_value + ")" : ""))
            ->type_name(p.domain.type == verify::Domain::Type::integer ? "INT" : "NUMBER");
    if (!p.default_value) o->required();
  }
  app->add_option("--catalogue", opt->catalogue, "The catalogue directory that defines this quantity")
      ->type_name("PATH")
      ->group("Global options");
  reg.help(app, user_help(d, d.catalogue.empty() ? "DIR" : d.catalogue));
  auto def = std::make_shared<const verify::QuantityDef>(d);
  reg.bind_runner(
      app, [def, opt](const Context& ctx) { return run_user(*def, *opt, ctx); },
      [opt] {
        for (auto& v : opt->values) v.clear();
        opt->catalogue.clear();
      },
      [def, opt](const Context& ctx) {
        const user::Bindings b = bindings(*def, *opt);
        const Depth depth(def->name);  // its dry run parses with the next depth's Invoker
        return std::vector<double>{total_price(*def, b, ctx.digits).seconds};
      });
}

}  // namespace bc::cli
