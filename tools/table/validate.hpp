// What `table`, `table plan` and `table status` check before they compute or print anything, in
// one place, so that a plan is a promise: a spec the plan accepts is a spec the table runs (up to a
// point the command itself refuses when it computes it). The spec's own file (table/spec.hpp) is
// checked when it is read; here it meets its command:
//  - every option of [fixed], [sweep], [zip] and --set is one of the command's (did-you-mean) and a
//    file it makes the command read stays in the working directory (check_command);
//  - every value against the option's declared type (INT: an exactly integral number; RATIONAL:
//    an exact number; LIST: numbers, one per swept value; a|b|c: one of the words), and, for a
//    command with a cost model (rank bound), through the command's own parser and model at the
//    first point with that value, so that its own message names the value;
//  - with the command's columns (a probe of the first point, or a shard file's), what derived
//    columns, `columns`, [layout] and [plot] name (render.hpp check_columns).
// Cost: one type check per distinct value; one parse and estimate per distinct swept value (at most
// kMaxModelChecks) for a command with a model; the probe computes one point.
#pragma once

#include "cli.hpp"
#include "table/plan.hpp"
#include "table/spec.hpp"

#include <cstddef>

namespace bc::cli::table {

inline constexpr size_t kMaxModelChecks = 4096;

/// The spec's command once its options and values are checked (see above). Throws UsageError
/// naming the spec's file, line and field (a --set: "--set d = abc").
const Command& validate_spec(const Spec& s, const Invoker& inv, const Context& ctx);

/// Whether the spec names columns (derived, columns, [layout], [plot]) that need the command's
/// columns to check.
bool names_columns(const Spec& s);

}  // namespace bc::cli::table
