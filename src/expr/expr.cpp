// The public face of the expression language (grammar in expr/expr.hpp): parse, evaluate, report.
// The stages live in their own files (expr/detail.hpp lists them).
// Cost: O(length) to parse; one Arb (or FLINT rational) operation per node to evaluate, times the
// sizes of the quantifier ranges; quantities cost whatever their command costs.
#include "expr/expr.hpp"

#include "expr/detail.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::expr {

void Grade::merge(const Grade& g) {
  exact |= g.exact;
  bound |= g.bound;
  rounding |= g.rounding;
  truncation |= g.truncation;
  uncertified |= g.uncertified;
  for (const auto& t : g.tolerances)
    if (std::find(tolerances.begin(), tolerances.end(), t) == tolerances.end()) tolerances.push_back(t);
  for (const auto& t : g.asymptotic)
    if (std::find(asymptotic.begin(), asymptotic.end(), t) == asymptotic.end()) asymptotic.push_back(t);
}

std::string show_ball(const arb_t x, long digits) {
  if (!arb_is_finite(x)) return "[+/- inf]";
  char* s = arb_get_str(x, digits, arb_is_exact(x) ? ARB_STR_NO_RADIUS : 0);
  std::string out(s);
  flint_free(s);
  return out;
}

Expr Expr::parse(std::string_view text) {
  Expr e;
  e.root_ = detail::parse_tree(text, e.vars_, e.calls_);
  e.text_ = std::string(text);
  return e;
}

bool Expr::boolean() const { return root_->is_bool; }

namespace {
bool has_asym(const Node& n) {
  if (n.kind == Node::Kind::asym) return true;
  return std::any_of(n.args.begin(), n.args.end(), [](const auto& a) { return a && has_asym(*a); });
}
}  // namespace

bool Expr::asymptotic() const { return root_ && has_asym(*root_); }

namespace {
void collect_subjects(const Node& n, std::vector<std::optional<std::string>>& out) {
  if (n.kind == Node::Kind::logic_and) {
    collect_subjects(*n.args[0], out);
    collect_subjects(*n.args[1], out);
  } else if ((n.kind == Node::Kind::cmp || n.kind == Node::Kind::approx) && !n.strings.empty() &&
             n.strings[0]) {
    out.push_back(*n.strings[0]);
  } else {
    out.emplace_back(std::nullopt);
  }
}
}  // namespace

std::vector<std::optional<std::string>> Expr::subjects() const {
  std::vector<std::optional<std::string>> out;
  if (root_ && root_->is_bool) collect_subjects(*root_, out);
  return out;
}

void Expr::eval(arb_t res, const Lookup& lookup, slong prec) const {
  if (root_->is_bool)
    throw UsageError(fmt::format("expression \"{}\" is a truth value, not a number", text_));
  EvalOptions o;
  o.lookup = lookup;
  o.prec = prec;
  detail::Evaluator ev(o, nullptr);
  Value v = ev.eval(*root_, nullptr);
  arb_set(res, v.ball.x);
}

Value Expr::value(const ValueLookup& lookup, slong prec) const {
  if (root_->is_bool)
    throw UsageError(fmt::format("expression \"{}\" is a truth value, not a number", text_));
  EvalOptions o;
  o.value_lookup = lookup;
  o.prec = prec;
  detail::Evaluator ev(o, nullptr);
  return ev.eval(*root_, nullptr);
}

Value Expr::evaluate(const EvalOptions& opt, Report* report) const {
  detail::Evaluator ev(opt, report);
  detail::Sink sink;
  Value v = ev.eval(*root_, &sink);
  if (report != nullptr) {
    report->shown = std::move(sink.shown);
    report->witness = std::move(sink.witness);
    if (!root_->is_bool) report->shown.push_back(detail::show_value(v));
  }
  return v;
}

}  // namespace bc::expr
