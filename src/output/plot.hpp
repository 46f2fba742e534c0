// Figures from a Table with gnuplot (Debian gnuplot-nox): lines per series, log axes, error bars or
// a band for quantities with uncertainty, and reference curves. The script and the data travel
// together (a gnuplot datablock). Specs and shard files are untrusted, so the script is a fixed
// template: numbers are printed by us, every string is a checked single-quoted literal
// (output/plot_text.hpp), and the output path never enters it. gnuplot runs without a shell, in a
// private temporary directory, with the script on its standard input; the figure is then copied
// to the requested path by write_atomic's rules (atomic for files, write-through for devices).
#pragma once

#include "output/table.hpp"

#include <functional>
#include <string>
#include <vector>

namespace bc::out {

struct PlotGuide {
  std::string label;
  std::function<double(double)> f;  ///< scaled by the caller's rule (through the first point)
};

struct PlotPoints {
  std::string label;
  std::vector<std::pair<double, double>> xy;
};

struct Plot {
  std::string x;
  std::vector<std::string> y;
  std::string series;      ///< optional: one curve per distinct value of this column
  std::string y_lo, y_hi;  ///< optional: a band between two columns
  std::string yerr;        ///< optional: symmetric error bars
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::string xrange, yrange;   ///< gnuplot ranges "[lo:hi]" ("" = automatic)
  std::string key = "outside";  ///< legend: outside (right), inside (top right) or below
  std::string style;            ///< "", "one-column" or "two-column": the figure's size
  std::vector<PlotGuide> guides;
  std::vector<PlotPoints> overlays;  ///< marked points from elsewhere (another command's rows)
};

/// A column's value as a double for plotting: numbers, exact decimals, "[m +/- r]" (the midpoint).
/// Returns false for text.
bool plot_value(const Cell& c, double& v);

/// The gnuplot script (with its data inline) for `path`'s format (.tex, .svg, .png, .pdf).
/// Throws UsageError naming the column when a plotted column is missing or not numeric.
/// .tex: gnuplot's cairolatex terminal, so that the paper's LaTeX sets every text of the figure in
/// its own fonts, with the columns' [labels] headers as math; the lines go to a PDF beside it.
std::string gnuplot_script(const Table& t, const Plot& p, const std::string& path);

/// Runs gnuplot on the script; writes `path` atomically. Throws ResourceError if gnuplot is
/// missing or fails (its first error line in the message).
/// A .tex figure is two files: `path` (\input it; it needs \usepackage{graphicx} and
/// \usepackage{color}) and the PDF it includes, plot_files(path)[1]; the .tex names the PDF as the
/// path was given without its extension, so \input{figs/lb} finds figs/lb.pdf from the same
/// directory, as gnuplot's own cairolatex files do.
void write_plot(const Table& t, const Plot& p, const std::string& path);

/// The figure as an SVG document (for an HTML report), made the same way as write_plot's.
std::string plot_svg(const Table& t, const Plot& p);

/// Every file write_plot writes for `path`: {path}, or {path, path without .tex + ".pdf"}.
std::vector<std::string> plot_files(const std::string& path);

}  // namespace bc::out
