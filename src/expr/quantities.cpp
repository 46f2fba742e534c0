// Quantities in the expression language: `group.command(option=value, flag, ...)[.column]`.
// The arguments are evaluated here and must be exact (a rational, printed as "1/10") or strings;
// the call is handed to the Resolver the front end injects (tools/verify/command.cpp runs it through the
// one command registry), which returns a ball and, when the command printed one, the exact value.
// Cost: whatever the command costs (the front end caches repeated calls).
#include "expr/detail.hpp"

#include <fmt/format.h>

namespace bc::expr {

std::string QuantityCall::text() const {
  std::vector<std::string> parts;
  for (const auto& a : args) parts.push_back(a.flag ? a.name : fmt::format("{}={}", a.name, a.value));
  return fmt::format("{}({}){}{}", fmt::join(path, "."), fmt::join(parts, ", "), column.empty() ? "" : ".",
                     column);
}

namespace detail {

Value Evaluator::quantity(const Node& n, Sink* sink) {
  if (!o_.resolve)
    throw UsageError(fmt::format("expression, column {}: quantities ({}) are not available here", n.pos,
                                 fmt::join(n.call.path, ".")));
  QuantityCall c = n.call;
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (c.args[i].flag) continue;
    if (n.strings[i]) {
      c.args[i].value = *n.strings[i];
      continue;
    }
    Value v = eval(*n.args[i], sink);
    if (!v.exact)
      throw UsageError(fmt::format("expression, column {}: argument {} of {} must be exact, got {}", n.pos,
                                   c.args[i].name, fmt::join(c.path, "."), show_value(v)));
    c.args[i].value = v.exact->str();
  }
  Quantity q;
  o_.resolve(q, c, o_.digits, o_.prec);
  Value v;
  arb_set(v.ball.x, q.ball.x);
  v.exact = q.exact;
  if (v.exact) finish_exact(v, o_.prec);
  if (!v.exact && q.alg) (void)set_alg(v, *q.alg, o_.prec);
  if (q.uncertified && report_ != nullptr) report_->grade.uncertified = true;
  return v;
}

}  // namespace detail
}  // namespace bc::expr
