// `table --double-check` (see table/double_check.hpp). Cost: the tasks once more, at 12 more digits.
#include "table/double_check.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

namespace bc::cli::table {

const char* const kDoubleCheck =
    "every row (with --shard I/N: the shard's rows; with --resume: the rows already in the shard file) "
    "recomputed at 12 more digits with --certified through the swept command, every cell compared as an "
    "enclosure; the shard file, the spec's outputs and --plot are written once, from the first computation";

namespace {

out::Table as_table(Raw& raw) {
  sort_by_point(raw.rows);
  out::Table t;
  t.columns = std::move(raw.columns);
  for (auto& r : raw.rows) t.rows.push_back(std::move(r.second));
  return t;
}

}  // namespace

void double_check_rows(const Spec& s, const Plan& plan, const std::vector<size_t>& ids, const Context& ctx,
                       Raw first) {
  Spec alt = s;
  alt.digits = cell_options(s, ctx).digits + 12;
  Context actx = ctx;
  actx.digits = *alt.digits;
  actx.certified = true;
  actx.alternate = true;
  actx.double_check = false;
  actx.output.clear();
  Raw second = run_all(alt, plan, ids, actx);
  sort_by_point(first.rows);
  bool same_points = first.rows.size() == second.rows.size();
  for (size_t i = 0; same_points && i < first.rows.size(); ++i)
    same_points = first.rows[i].first == second.rows[i].first;
  const std::string who = "table: --double-check failed";
  if (!same_points)
    throw DomainError(fmt::format("{}: the second computation gave rows for other points ({} vs {} rows)",
                                  who, first.rows.size(), second.rows.size()));
  Invoker probe;
  const Command& cmd = check_command(s, probe);
  check_agreement(as_table(first), as_table(second), who, "12 more digits, --certified",
                  cmd.double_check_skip);
}

}  // namespace bc::cli::table
