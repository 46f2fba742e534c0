// `table --double-check`, sharded or not: the tasks recomputed the way run_checked recomputes a
// command (12 more digits, --certified), every cell compared as an enclosure (check_agreement).
// The table implements it itself (Command::own_double_check) so that a shard file, the spec's
// outputs and a --plot are written once, from the first computation, and never from the second.
#pragma once

#include "table/execute.hpp"

#include <string>
#include <vector>

namespace bc::cli::table {

/// What the second computation is, for `table --help` and the note.
extern const char* const kDoubleCheck;

/// Recomputes the tasks `ids` of `plan` at 12 more digits with --certified and compares every
/// cell with `first` (their rows, any order; for --resume, the rows already in the shard file).
/// Throws DomainError naming the column, the row and both values. Cost: one more run of the tasks.
void double_check_rows(const Spec& s, const Plan& plan, const std::vector<size_t>& ids, const Context& ctx,
                       Raw first);

}  // namespace bc::cli::table
