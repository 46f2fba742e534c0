// Text that reaches LaTeX (issue 20 §1). A table's caption (a spec's `caption`) and column
// headers (`[labels]`) are LaTeX source by design: compiling a stranger's spec is like compiling
// a stranger's .tex. Everything else that reaches a .tex file (claim text, sources, notes,
// command names, string cells, column names, pivot values) is escaped here, so it can neither
// break the document nor run a macro (\input, \write18, \catcode...).
#pragma once

#include <string>
#include <string_view>

namespace bc::out {

/// `s` as LaTeX text: the ten specials \ { } $ & # ^ _ % ~ become their text forms, and so do
/// < > | (which the default OT1 encoding prints as other glyphs); newlines, tabs and other control
/// characters become spaces.
std::string latex_escape(std::string_view s);

/// True when `s` is a number as boundcheck prints it (digits, sign, '.', 'e', '/', "[m +/- r]",
/// "sqrt(...)"): safe to place in math mode unescaped.
bool latex_plain_number(std::string_view s);

/// `s` with every control character (a newline ends a LaTeX % comment) replaced by a space.
std::string one_line_text(std::string_view s);

/// "<header> = <value>" in LaTeX, for a pivot's column group or a figure's series legend: `header`
/// is LaTeX (a [labels] header), `value` a cell's text. A plain number goes in math mode, joined to
/// a header that is one math group ("$d$" and 16: "$d = 16$"; "heads $H$" and 16: "heads $H$ $= 16$");
/// other values are escaped text ("$d$ = abc").
std::string latex_key_value(std::string_view header, std::string_view value);

/// A LaTeX header such as "$H_{\min}$" or "$\binom{r+\ell-1}{\ell}$" as plain text for a figure
/// that LaTeX does not set (svg, png, pdf): math shifts dropped, Greek letters and common symbols
/// as Unicode, \mathrm{X} as X, \binom{a}{b} as C(a, b), \frac{a}{b} as a/b, sub- and superscripts
/// kept in gnuplot's enhanced-text form (H_{min}), any other macro as its name. Never executes
/// anything: the result is text (plot_text.hpp still decides whether it may reach a figure).
std::string latex_to_plain(std::string_view s);

}  // namespace bc::out
