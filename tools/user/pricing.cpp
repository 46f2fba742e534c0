// The up-front price of an expression's command calls (see tools/user/pricing.hpp).
#include "user/pricing.hpp"

#include "core/limits.hpp"
#include "core/real_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace bc::cli::user {

namespace {

constexpr size_t kMaxPricedCalls = 2000;

struct Enough {};  // thrown by the dry run's resolver past kMaxPricedCalls

}  // namespace

Price price(const expr::Expr& e, const Bindings& bindings, long digits, CommandQuantities& cq) {
  Price p;
  if (e.quantities().empty()) return p;
  std::set<std::string> seen;
  expr::EvalOptions o;
  o.digits = digits + 10;
  o.prec = bits_for_digits(o.digits) + 32;
  o.bindings = bindings;
  o.resolve = [&](expr::Quantity& out, const expr::QuantityCall& c, long d, slong) {
    arb_indeterminate(out.ball.x);  // the dry run's stand-in for the value
    std::vector<std::string> args = CommandQuantities::argv(cq.lookup(c), c);
    args.insert(args.end(),
                {"--digits", std::to_string(std::min(d, limits::max_digits))});  // as resolve runs it
    if (!seen.insert(fmt::format("{}", fmt::join(args, "\x1f"))).second) return;
    if (seen.size() > kMaxPricedCalls) throw Enough{};
    const Command& cmd = cq.invoker().parse(args);
    if (cmd.estimate)
      for (double s : cmd.estimate(cq.invoker().context())) p.seconds += s;
    ++p.calls;
  };
  try {
    (void)e.evaluate(o, nullptr);
  } catch (const Enough&) {
    p.complete = false;
  } catch (const std::exception&) {
    // the dry run reached a value it needs (an argument computed by a quantity, a range's end), or
    // a call the run itself will refuse with its own message
    p.complete = false;
  }
  return p;
}

}  // namespace bc::cli::user
