// Help text and message layout (issue 18). The layer below cli.hpp: it knows text, not commands
// (cli.hpp includes this header; this one includes nothing of the front end). Every command's --help has the
// same parts, in this order, composed from a Help struct so that a test can walk the command tree and check
// each:
//
//   Formula:   what is computed, in the papers' notation (ASCII; the site shows `formula_latex`)
//   Source:    where it is stated: "talk-B l.643" (line numbers of ../shared/papers/*.txt), and
//              the section of the mathematical notes that derives it (docs/math/<family>.md#<section>)
//   Cost:      time and memory as functions of the options, and the limit that refuses a request
//   (details)  algorithm, conventions, caveats: optional free text
//   --double-check:  what the second computation is (Registry::double_check)
//   Examples:  at least two `boundcheck ...` lines; a line indented by four spaces under an example
//              is output the example prints (the test runs every example and compares)
//
// Lines stay within kHelpWidth columns: option descriptions and footers are wrapped here, not by
// hand. Notes on stderr are wrapped at the terminal's width when stderr is a terminal and printed
// whole otherwise (a log or a pipe gets one grep-able line per note; JSON keeps them whole in
// meta.notes).
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bc::cli {

inline constexpr size_t kHelpWidth = 100;

struct Help {
  std::string formula;
  /// The formula as LaTeX (display math, amsmath environments allowed, no $ delimiters) for the
  /// documentation site's reference pages, typeset there by MathJax; --help and the man page keep
  /// `formula`. Every command of the five families sets it (tests/cli/test_help.cpp checks);
  /// `table` and `verify`, whose formula is prose, leave it empty.
  std::string formula_latex;
  std::string source;
  std::string cost;
  std::string details;                ///< optional
  std::vector<std::string> examples;  ///< "boundcheck ..." lines; "  output" lines follow an example
};

/// `text` wrapped at `width` columns: every line of it (split at '\n') is broken at spaces; the
/// first output line of each input line starts with `indent` spaces, continuation lines with
/// `indent + hanging` plus the input line's own leading spaces. A word longer than the width is
/// left whole. Widths are counted in UTF-8 code points.
std::string wrap(std::string_view text, size_t width, size_t indent = 0, size_t hanging = 2);

/// The footer of a command: the parts above, wrapped at kHelpWidth.
std::string compose_footer(const Help& h, const std::string& double_check);

/// The formatter every level of the command tree uses: option and command descriptions wrapped
/// to the column left of the names, footers wrapped at kHelpWidth.
std::shared_ptr<CLI::Formatter> make_help_formatter();

/// An error message as the front ends report it: one line (newlines become spaces, trailing
/// spaces dropped, other controls, bidirectional overrides and malformed bytes shown as
/// core/visible_text.hpp writes them (\x1b, \u202e), a number of more than 40 digits shortened by
/// out::clip_digits). The CLI prints "error: " + one_line(what); Python raises it as the message.
/// Notes go through it too.
std::string one_line(const std::string& s);

/// Columns of the terminal on standard error, or 0 when standard error is not a terminal.
size_t stderr_terminal_width();

/// "note: " + note, wrapped at `width` columns with a hanging indent of six (the width of
/// "note: "), or on one line when width is 0. Ends in a newline.
std::string format_note(std::string_view note, size_t width);

}  // namespace bc::cli
