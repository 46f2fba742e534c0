// Checking a spec against its command before anything runs (see table/validate.hpp).
#include "table/validate.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "table/execute.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>

namespace bc::cli::table {

namespace {

/// "[sweep] d = abc", "--set d = abc", "[fixed] r = x": where a value stands, for a message.
std::string field_of(const Spec& s, const std::string& opt, const std::string& value, const char* section) {
  if (s.is_set(opt)) return fmt::format("--set {} = {}", opt, value);
  return fmt::format("[{}] {} = {}", section, opt, value);
}

/// Why `value` is not of the option's declared type, or "" (types we cannot read are accepted: the
/// command checks them when the point runs).
std::string type_problem(const std::string& type, const std::string& value, bool swept) {
  const auto q = parse_exact_rational(value);
  if (type == "INT" && !(q && fmpz_is_one(fmpq_denref(q->x))))
    return fmt::format("must be an integer, got \"{}\"", value);
  if (type == "RATIONAL" && !q)
    return fmt::format("must be an exact number (1/10, 0.1, 1e-3), got \"{}\"", value);
  if (type == "LIST" && swept && !q) return fmt::format("must be a number, got \"{}\"", value);
  const bool words = !type.empty() && type.find('|') != std::string::npos &&
                     std::none_of(type.begin(), type.end(),
                                  [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; });
  if (words && ("|" + type + "|").find("|" + value + "|") == std::string::npos)
    return fmt::format("must be one of {}, got \"{}\"", type, value);
  return "";
}

void check_types(const Spec& s, const Command& cmd) {
  const auto check = [&](const std::string& opt, const std::string& v, const char* sec, bool swept) {
    const CLI::Option* o = cmd.app->get_option_no_throw("--" + opt);
    if (o == nullptr || o->get_expected_min() == 0) return;  // a flag ("" value)
    if (const std::string why = type_problem(o->get_type_name(), v, swept); !why.empty()) {
      const long line = s.line_of(opt);
      const std::string where = field_of(s, opt, v, sec);
      throw UsageError(line > 0 ? fmt::format("{}:{}: {}: --{} {}", s.file, line, where, opt, why)
                                : fmt::format("{}: {}: --{} {}", s.file, where, opt, why));
    }
  };
  for (const auto& [opt, v] : s.fixed) check(opt, v, "fixed", false);
  for (const auto* axes : {&s.sweep, &s.zip})
    for (const auto& a : *axes) {
      std::set<std::string> seen;
      for (const auto& v : a.values)
        if (seen.insert(v).second) check(a.option, v, axes == &s.sweep ? "sweep" : "zip", true);
    }
}

/// Every distinct swept value through the command's own parser and cost model, at the first point
/// with that value (a zip index sets all its options).
void check_model(const Spec& s, const Command& cmd, const Context& ctx) {
  if (!cmd.estimate) return;
  const Points points(s, kMaxPoints);
  const Point first = points.at(0);
  Invoker inv;
  size_t calls = 0;
  const auto probe = [&](const Point& p) {
    const PointError e = guarded([&] {
      const Command& c = inv.parse(call_args(s, p, cell_options(s, ctx).digits, "1", ctx.certified));
      (void)c.estimate(inv.context());
    });
    if (e.kind == 1 || e.kind == 2) rethrow_point(s, p, e);  // a resource refusal: the run may differ
  };
  probe(first);
  for (size_t j = 0; j < first.size() && calls < kMaxModelChecks; ++j) {
    std::set<std::string> seen{first[j].second};
    for (size_t k = 0; k < points.radix(j) && calls < kMaxModelChecks; ++k) {
      const size_t at = k * points.stride(j);
      if (!seen.insert(points.value(at, j)).second) continue;
      Point p = first;
      for (size_t i = 0; i < p.size(); ++i)
        if (points.stride(i) == points.stride(j)) p[i].second = points.value(at, i);  // j's zip partners
      probe(p);
      ++calls;
    }
  }
}

}  // namespace

bool names_columns(const Spec& s) {
  return !s.derived.empty() || !s.columns.empty() || s.layout.has_value() || s.plot.has_value();
}

const Command& validate_spec(const Spec& s, const Invoker& inv, const Context& ctx) {
  const Command& cmd = check_command(s, inv);
  check_model(s, cmd, ctx);
  check_types(s, cmd);
  return cmd;
}

}  // namespace bc::cli::table
