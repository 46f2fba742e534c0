// Which strings may reach a gnuplot script, and how (issue 20 §1: a spec must never run code).
//
// Every string that comes from a spec, a catalogue, a shard file or a column name enters the
// generated script only as a single-quoted gnuplot literal: gnuplot performs no backslash, backquote
// (shell command) or `@` macro substitution inside single quotes, and a quote is written doubled.
// On top of that the alphabet is restricted, so a literal cannot end a line or smuggle in a
// command even if a future gnuplot changed its quoting rules:
//   - printable UTF-8 only: no C0/C1 control characters (newline, tab, escape...), no DEL, no
//     invisible or direction-changing format characters (U+200B-U+200F, U+2028-U+202E,
//     U+2060-U+2069, U+FEFF), no malformed UTF-8;
//   - no backquote (`) and no at sign (@), gnuplot's two substitution triggers;
//   - at most 400 bytes.
// Refused strings are reported, never silently altered: the caller adds file:line.
#pragma once

#include <string>
#include <string_view>

namespace bc::out {

constexpr size_t kMaxPlotText = 400;

/// Why `s` may not appear in a figure, or "" when it may.
std::string plot_text_problem(std::string_view s);

/// `s` as a single-quoted gnuplot literal. Throws UsageError("<what>: <problem>") when
/// plot_text_problem(s) is not empty.
std::string gnuplot_literal(std::string_view s, std::string_view what);

}  // namespace bc::out
