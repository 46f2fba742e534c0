// The size of a figure as a spec states it (`[plot] width = "3.2in"`, `height`, or
// `width = "0.95\columnwidth"`): a LaTeX length, read into numbers and printed back by us, so that
// no text of the spec reaches gnuplot or LaTeX (issue 20 §1: `"3in}\input{/etc/passwd}"` is
// refused here, never spliced).
//   absolute: a decimal and a unit: in, cm, mm, pt (1/72.27 in), bp (1/72 in), pc (12 pt);
//   relative: an optional decimal factor and \columnwidth, \linewidth or \textwidth.
// gnuplot draws at absolute sizes: a relative length is drawn at its nominal size, the narrowest
// of the standard classes (article, report, book at 10-12 pt, letter or A4, twocolumn:
// \columnwidth = \linewidth >= 221 pt, \textwidth >= 452 pt, measured with pdflatex), and a .tex
// figure is then scaled to the exact length by LaTeX (output/plot.cpp: the picture's \unitlength),
// its text staying in the document's font size.
// Cost: one pass over the text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace bc::out {

struct FigureLength {
  double value = 0;      ///< inches (absolute), or the factor of `relative`
  std::string relative;  ///< "", "columnwidth", "linewidth" or "textwidth"

  [[nodiscard]] bool is_relative() const { return !relative.empty(); }
  /// Inches: as given, or the factor times the nominal \columnwidth (221 pt) / \textwidth (452 pt).
  [[nodiscard]] double nominal_inches() const;
  /// The length as LaTeX source, printed from the numbers: "0.95\columnwidth", "\textwidth".
  [[nodiscard]] std::string latex() const;
};

/// Nominal sizes of the standard classes in two-column mode, A4 (the narrowest), in points.
inline constexpr double kNominalColumnPt = 221.0;
inline constexpr double kNominalTextPt = 452.0;

/// Parses a figure length; on failure returns nullopt and says why in `why` (one clause, e.g.
/// "must be a LaTeX length such as \"3.2in\" or \"0.95\\columnwidth\"").
std::optional<FigureLength> parse_figure_length(std::string_view s, std::string& why);

}  // namespace bc::out
