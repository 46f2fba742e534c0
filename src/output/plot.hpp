// Figures from a Table with gnuplot (Debian gnuplot-nox): lines per series, log axes, error bars or
// a band for quantities with uncertainty, and reference curves. The script and the data travel
// together (a gnuplot datablock). Specs and shard files are untrusted, so the script is a fixed
// template: numbers are printed by us, every string is a checked single-quoted literal
// (output/plot_text.hpp), and the output path never enters it. gnuplot runs without a shell, in a
// private temporary directory, with the script on its standard input; the figure is then copied
// to the requested path by write_atomic's rules (atomic for files, write-through for devices).
#pragma once

#include "output/figure_size.hpp"
#include "output/table.hpp"

#include <functional>
#include <optional>
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
  /// Optional: one curve per combination of these columns' values (in the order of their first
  /// appearance, the first key outermost), its legend naming each ("d = 16, r = 4").
  std::vector<std::string> series;
  /// The series key whose value sets each curve's colour, dash pattern and marker. One key and no
  /// channel named: every curve its own colour. Otherwise the keys not named take the free
  /// channels in this order (colour by the first key, dash by the second, marker by the third; a
  /// list of y columns counts as one more key), at most three keys: curves stay distinguishable.
  std::string color, dash, marker;
  std::string y_lo, y_hi;  ///< optional: a band between two columns
  std::string yerr;        ///< optional: symmetric error bars
  /// Plain text, printed as written (LaTeX-escaped in .tex). xlabel and ylabel holding a $ or a
  /// backslash are LaTeX, as [labels] headers are: verbatim in .tex, read as plain text
  /// (latex_to_plain) in SVG, PNG and PDF.
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::string xrange, yrange;   ///< gnuplot ranges "[lo:hi]" ("" = automatic)
  std::string key = "outside";  ///< legend: outside (right), inside (top right) or below
  std::string style;            ///< "", "one-column" or "two-column": the figure's size
  /// The figure's size (output/figure_size.hpp), overriding the style's. A relative width (a factor
  /// of \columnwidth or \textwidth) makes a .tex figure exactly that wide in the document; SVG and
  /// PNG keep the style's pixel width and take the shape (height : width).
  std::optional<FigureLength> width, height;
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

/// The relative width (of \columnwidth or \textwidth: the spec's, else the style's) a .tex figure's
/// picture is scaled to by LaTeX; nothing for an absolute width or another format.
std::optional<FigureLength> tex_scale(const Plot& p, const std::string& path);

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
