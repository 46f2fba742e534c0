// The gnuplot script of a figure (see output/plot.hpp gnuplot_script): a fixed template whose
// numbers we print and whose strings are checked single-quoted literals (output/plot_text.hpp).
// Built in the order gnuplot reads it: the terminal and its size, the key, the axes, one data block
// and plot clause per curve (a curve per y column and combination of series values), overlays,
// ranges, guides, and the plot command that draws them all.
// Cost: O(rows + 200 points per guide).
#include "core/errors.hpp"
#include "output/figure_size.hpp"
#include "output/latex_text.hpp"
#include "output/plot.hpp"
#include "output/plot_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <map>

namespace bc::out {

namespace {

size_t column_index(const Table& t, const std::string& name, const char* role) {
  auto it = std::find(t.columns.begin(), t.columns.end(), name);
  if (it == t.columns.end())
    throw UsageError(
        fmt::format("[plot] {}: no column \"{}\" (columns: {})", role, name, fmt::join(t.columns, ", ")));
  return static_cast<size_t>(it - t.columns.begin());
}

// ---- the terminal and its size ------------------------------------------------------------------

/// Each style's sizes. .tex: one-column is the column (\columnwidth), two-column the text width
/// (\textwidth), drawn at their nominal sizes (output/figure_size.hpp) and scaled by LaTeX; without
/// a style the column too (it was 4.8 in, article's one-column text width, which overflows a
/// two-column page), in the default's shape. .pdf: 3 in and 6.2 in fit the standard
/// classes' column (221 pt) and text (452 pt). SVG and PNG are screen figures (pixels). LaTeX
/// figures use the document's font: only the size is ours.
struct StyleSizes {
  FigureLength tex_width;
  double tex_aspect;  ///< height / width
  double pdf_width, pdf_aspect;
  const char* pdf_font;
  int svg_w, svg_h;
  const char* svg_font;
  int png_w, png_h;
  const char* png_font;
};

const StyleSizes& style_sizes(const std::string& style) {
  static const StyleSizes kNone{{1, "columnwidth"}, 3.4 / 4.8, 6,   4.0 / 6,       "Helvetica,10", 900, 600,
                                "Helvetica,14",     1200,      800, "Helvetica,14"};
  static const StyleSizes kOne{{1, "columnwidth"}, 0.75, 3,   0.75,          "Helvetica,8", 600, 440,
                               "Helvetica,12",     1020, 750, "Helvetica,20"};
  static const StyleSizes kTwo{{1, "textwidth"}, 0.43, 6.2, 0.435,         "Helvetica,9", 1050, 450,
                               "Helvetica,13",   2100, 900, "Helvetica,22"};
  if (style.empty()) return kNone;
  if (style == "one-column") return kOne;
  if (style == "two-column") return kTwo;
  throw UsageError(fmt::format("[plot] style must be one-column or two-column, got \"{}\"", style));
}

/// Width and height in inches: the spec's (a relative length at its nominal size), else the given
/// default width, the height from the default shape.
std::pair<double, double> inches(const Plot& p, const FigureLength& width, double aspect) {
  const double w = p.width.value_or(width).nominal_inches();
  return {w, p.height ? p.height->nominal_inches() : w * aspect};
}

std::string inch_size(std::pair<double, double> wh) {
  return fmt::format("{:.4g}in,{:.4g}in", wh.first, wh.second);
}

/// A screen figure's pixels: the style's, or its width with the spec's shape.
std::pair<int, int> pixels(const Plot& p, const StyleSizes& z, int w, int h) {
  if (!p.width && !p.height) return {w, h};
  const auto [wi, hi] = inches(p, z.tex_width, z.tex_aspect);
  return {w, static_cast<int>(std::lround(w * hi / wi))};
}

/// What the figure is drawn as: the terminal, and whether LaTeX sets its text (.tex).
struct Target {
  std::string terminal;
  bool tex = false;
};

Target target_for(const std::string& path, const Plot& p) {
  const std::string ext = std::filesystem::path(path).extension().string();
  const StyleSizes& z = style_sizes(p.style);
  if (ext == ".tex")
    return {"cairolatex pdf input colortext size " + inch_size(inches(p, z.tex_width, z.tex_aspect)), true};
  if (ext == ".svg") {
    const auto [w, h] = pixels(p, z, z.svg_w, z.svg_h);
    return {fmt::format("svg size {},{} dynamic enhanced font '{}' background rgb 'white'", w, h, z.svg_font),
            false};
  }
  if (ext == ".png") {
    const auto [w, h] = pixels(p, z, z.png_w, z.png_h);
    return {fmt::format("pngcairo size {},{} enhanced font '{}'", w, h, z.png_font), false};
  }
  if (ext == ".pdf")
    return {fmt::format("pdfcairo size {} enhanced font '{}'",
                        inch_size(inches(p, {z.pdf_width, ""}, z.pdf_aspect)), z.pdf_font),
            false};
  throw UsageError(fmt::format("--plot must end in .tex, .svg, .png or .pdf, got \"{}\"", path));
}

/// The file gnuplot writes in its private directory: "figure" and the requested extension.
std::string figure_name(const std::string& path) {
  return "figure" + std::filesystem::path(path).extension().string();
}

// ---- text -----------------------------------------------------------------------------------------

/// The strings of one figure as gnuplot literals. Text from a spec, a column name or a cell is
/// plain text: LaTeX-escaped when LaTeX sets the figure, printed as written (noenhanced)
/// otherwise. A header from [labels] or the built-in labels is LaTeX by design: verbatim for
/// LaTeX, as plain text (latex_to_plain, in gnuplot's enhanced-text form) otherwise.
class FigureText {
 public:
  FigureText(const Table& t, bool tex) : t_(t), tex_(tex) {}
  [[nodiscard]] std::string text(const std::string& s, const char* what) const {
    return gnuplot_literal(tex_ ? latex_escape(s) : s, what);
  }
  /// Spec text printed as written: gnuplot's enhanced-text markup (a_b, x^2, @, &) stays literal.
  [[nodiscard]] std::string plain(const std::string& s, const char* what) const {
    return text(s, what) + (tex_ || s.empty() ? "" : " noenhanced");
  }
  /// An axis label the spec gives: LaTeX (as [labels] are) when it holds a $ or a backslash, else
  /// plain text.
  [[nodiscard]] std::string axis_label(const std::string& s) const {
    if (s.find_first_of("$\\") == std::string::npos) return plain(s, "[plot] axis label");
    return gnuplot_literal(tex_ ? one_line_text(s) : latex_to_plain(s), "[plot] axis label");
  }
  [[nodiscard]] bool has_label(const std::string& column) const {
    const auto it = t_.labels.find(column);
    return it != t_.labels.end() && !it->second.empty();
  }
  /// The column's header as figure text (LaTeX or plain), or its escaped name.
  [[nodiscard]] std::string label_text(const std::string& column) const {
    if (!has_label(column)) return tex_ ? latex_escape(column) : column;
    const std::string& l = t_.labels.at(column);
    return tex_ ? one_line_text(l) : latex_to_plain(l);
  }
  /// "<header> = <value>" for a series curve: a number in math mode for LaTeX.
  [[nodiscard]] std::string series_title(const std::string& column, const std::string& value) const {
    if (!tex_) return (has_label(column) ? latex_to_plain(t_.labels.at(column)) : column) + " = " + value;
    return latex_key_value(label_text(column), value);
  }
  [[nodiscard]] bool tex() const { return tex_; }

 private:
  const Table& t_;
  bool tex_;
};

/// The axis commands: labels (given, else the columns' headers), log scales, tic formats.
std::string axes(const Plot& p, const FigureText& ft) {
  std::string s;
  if (p.logx)
    s += ft.tex() ? "set logscale x\nset format x '$10^{%T}$'\n" : "set logscale x\nset format x '10^{%T}'\n";
  if (p.logy)
    s += ft.tex() ? "set logscale y\nset format y '$10^{%T}$'\n" : "set logscale y\nset format y '10^{%T}'\n";
  s += fmt::format("set title {}\n", ft.plain(p.title, "[plot] title"));
  // a header from [labels] may use enhanced-text markup (H_{min}); a bare column name may not (h_min)
  const auto axis = [&](const char* name, const std::string& given, const std::vector<std::string>& cols) {
    if (!given.empty()) return fmt::format("set {} {}\n", name, ft.axis_label(given));
    std::string l;
    bool labelled = true;
    for (const auto& c : cols) {
      l += (l.empty() ? "" : ", ") + ft.label_text(c);
      labelled = labelled && ft.has_label(c);
    }
    return fmt::format("set {} {}{}\n", name, gnuplot_literal(l, "[plot] axis label (a column's header)"),
                       labelled || ft.tex() ? "" : " noenhanced");
  };
  s += axis("xlabel", p.xlabel, {p.x});
  s += axis("ylabel", p.ylabel, p.y);
  return s;
}

/// The terminal, the output name and the frame: grid, border, key.
std::string preamble(const Target& target, const Plot& p, const std::string& path) {
  // gnuplot runs in a private directory (write_plot) and writes this fixed name there; the path the
  // user asked for never enters the script
  std::string s = fmt::format("set terminal {}\nset output '{}'\n", target.terminal, figure_name(path));
  s += "set datafile missing 'NaN'\nset grid\nset border lw 1.2\nset autoscale xfix\n";
  if (p.key == "inside")
    s += "set key inside right top box opaque\n";  // moved to the left below when the data rises
  else if (p.key == "below")
    // .tex: gnuplot puts the x label less than a line above the key's first row, and set by LaTeX
    // they touched; a key one line taller (half a line above its rows) keeps them a line apart
    s += target.tex ? "set key below horizontal maxrows 3 height 1\n"
                    : "set key below box\nset xlabel offset 0,-0.8\nset bmargin 9\n";
  else
    s += "set key outside right top box opaque\n";
  return s;
}

// ---- curves -------------------------------------------------------------------------------------

/// The plotted columns, resolved (and checked) once, in the order their errors are reported.
struct Columns {
  size_t x = 0;
  std::vector<size_t> y, series;
  bool band = false, err = false;
  size_t lo = 0, hi = 0, e = 0;
};

Columns resolve(const Table& t, const Plot& p) {
  Columns c;
  c.x = column_index(t, p.x, "x");
  for (const auto& y : p.y) c.y.push_back(column_index(t, y, "y"));
  c.band = !p.y_lo.empty();
  if (c.band) c.lo = column_index(t, p.y_lo, "y_lo"), c.hi = column_index(t, p.y_hi, "y_hi");
  c.err = !p.yerr.empty();
  if (c.err) c.e = column_index(t, p.yerr, "yerr");
  for (const auto& k : p.series) c.series.push_back(column_index(t, k, "series"));
  return c;
}

double numeric(const Table& t, size_t r, size_t c, const char* role) {
  double v = 0;
  if (!plot_value(t.rows[r][c], v))
    throw UsageError(fmt::format("[plot] {}: column \"{}\" is not numeric (\"{}\")", role, t.columns[c],
                                 t.rows[r][c].display()));
  return v;
}

/// One curve per combination of the series columns' values, ordered by each key's order of first
/// appearance (the first key outermost): its values, their indices (for the style), its rows.
struct Curves {
  std::vector<std::vector<std::string>> keys;
  std::vector<std::vector<size_t>> rank;
  std::vector<std::vector<size_t>> rows;
};

Curves group_curves(const Table& t, const Columns& c) {
  const size_t m = c.series.size();
  std::vector<std::map<std::string, size_t>> first(m);  // value -> order of first appearance
  std::map<std::vector<size_t>, std::pair<std::vector<std::string>, std::vector<size_t>>> by_rank;
  for (size_t r = 0; r < t.rows.size(); ++r) {
    std::vector<std::string> key(m);
    std::vector<size_t> rank(m);
    for (size_t i = 0; i < m; ++i) {
      key[i] = t.rows[r][c.series[i]].display();
      rank[i] = first[i].emplace(key[i], first[i].size()).first->second;
    }
    auto& curve = by_rank[rank];
    if (curve.second.empty()) curve.first = std::move(key);
    curve.second.push_back(r);
  }
  Curves cv;
  for (auto& [rank, curve] : by_rank) {
    cv.rank.push_back(rank);
    cv.keys.push_back(std::move(curve.first));
    cv.rows.push_back(std::move(curve.second));
  }
  return cv;
}

/// Which curve key sets each style channel (colour, dash, marker): a series key's index, the y
/// list (index = the number of series keys), or -1. `legacy`: one key or none and no channel
/// named: every curve its own colour, as figures were drawn before channels existed.
struct Channels {
  bool legacy = true;
  std::array<int, 3> dim{-1, -1, -1};
};

Channels channels(const Plot& p, size_t y_count) {
  Channels ch;
  const std::array<const std::string*, 3> named{&p.color, &p.dash, &p.marker};
  const std::array<const char*, 3> names{"color", "dash", "marker"};
  ch.legacy = p.series.size() <= 1 && p.color.empty() && p.dash.empty() && p.marker.empty();
  if (ch.legacy) return ch;
  const int m = static_cast<int>(p.series.size());
  if (m + (y_count > 1 ? 1 : 0) > 3)
    throw UsageError(
        fmt::format("[plot] series: {} keys{} cannot be told apart by colour, dash and marker "
                    "(at most three)",
                    m, y_count > 1 ? " and a list of y columns" : ""));
  std::vector<int> free;  // the keys no channel names, in order (the y list last)
  for (int k = 0; k < m; ++k)
    if (std::none_of(named.begin(), named.end(), [&](const std::string* n) { return *n == p.series[k]; }))
      free.push_back(k);
  if (y_count > 1) free.push_back(m);
  for (size_t i = 0; i < 3; ++i) {
    if (named[i]->empty()) continue;
    const auto it = std::find(p.series.begin(), p.series.end(), *named[i]);
    if (it == p.series.end())
      throw UsageError(fmt::format("[plot] {}: \"{}\" is not a series key (series: {})", names[i], *named[i],
                                   fmt::join(p.series, ", ")));
    for (size_t j = 0; j < i; ++j)
      if (*named[j] == *named[i])
        throw UsageError(fmt::format("[plot] {}: \"{}\" already sets the {}", names[i], *named[i], names[j]));
    ch.dim[i] = static_cast<int>(it - p.series.begin());
  }
  for (size_t i = 0, f = 0; i < 3 && f < free.size(); ++i)
    if (ch.dim[i] < 0) ch.dim[i] = free[f++];
  return ch;
}

/// A curve's line colour, dash type (0: gnuplot's default) and point type.
struct Look {
  int lc = 1, dt = 0, pt = 7;
  bool markers = false;  ///< a marker channel: points even on dense curves
};

constexpr std::array<int, 8> kPointTypes{7, 5, 9, 11, 13, 4, 6, 8};

Look look_of(const Channels& ch, const Curves& cv, size_t curve, size_t yk, int block) {
  if (ch.legacy) return {block + 1, 0, 7, false};
  const auto index = [&](int dim) -> size_t {
    return dim < 0 ? 0 : static_cast<size_t>(dim) == cv.rank[curve].size() ? yk : cv.rank[curve][dim];
  };
  Look l;
  l.lc = static_cast<int>(index(ch.dim[0])) + 1;
  l.dt = ch.dim[1] < 0 ? 0 : static_cast<int>(index(ch.dim[1])) + 1;
  l.pt = ch.dim[2] < 0 ? 7 : kPointTypes[index(ch.dim[2]) % kPointTypes.size()];
  l.markers = ch.dim[2] >= 0;
  return l;
}

/// The extent of what is drawn: x of the curves, y of the curves, bands, error bars and overlays.
struct Extent {
  bool logy = false;
  double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
  void y(double v) {
    if (std::isfinite(v) && !(logy && v <= 0)) ymin = std::min(ymin, v), ymax = std::max(ymax, v);
  }
};

/// One curve's data block "$d<block>": x y [lo hi] [err] per row (x <= 0 left out on a log x axis).
std::string curve_block(int block, const Table& t, const Plot& p, const Columns& c, size_t yk,
                        const std::vector<size_t>& rows, Extent& ext) {
  std::string data = fmt::format("$d{} << EOD\n", block);
  for (size_t r : rows) {
    const double x = numeric(t, r, c.x, "x"), y = numeric(t, r, c.y[yk], "y");
    if (p.logx && x <= 0) continue;
    ext.xmin = std::min(ext.xmin, x), ext.xmax = std::max(ext.xmax, x);
    ext.y(y);
    data += fmt::format("{:.17g} {:.17g}", x, (p.logy && y <= 0) ? NAN : y);
    if (c.band) {
      const double lo = numeric(t, r, c.lo, "y_lo"), hi = numeric(t, r, c.hi, "y_hi");
      ext.y(lo), ext.y(hi);
      data += fmt::format(" {:.17g} {:.17g}", lo, hi);
    }
    if (c.err) {
      const double e = numeric(t, r, c.e, "yerr");
      ext.y(y - e), ext.y(y + e);
      data += fmt::format(" {:.17g}", e);
    }
    data += "\n";
  }
  return data + "EOD\n";
}

/// A curve's legend entry, and whether gnuplot may read it as enhanced text: only when every part of
/// it is a header or a number (enhanced-text markup such as N_{Tr} then comes from the headers).
struct Title {
  std::string text;
  bool markup = true;
};

Title curve_title(const FigureText& ft, const Plot& p, const std::vector<std::string>& key, size_t yk) {
  Title t{p.y.size() > 1 ? ft.label_text(p.y[yk]) : "", p.y.size() <= 1 || ft.has_label(p.y[yk])};
  for (size_t i = 0; i < key.size(); ++i) {
    t.text += (t.text.empty() ? "" : ", ") + ft.series_title(p.series[i], key[i]);
    t.markup = t.markup && ft.has_label(p.series[i]) && latex_plain_number(key[i]);
  }
  if (t.text.empty()) t.text = ft.label_text(p.y[yk]);
  return t;
}

/// gnuplot sizes a .tex figure's key from the length of the LaTeX source of its entries ("$d = 16$"
/// counts 8 characters where LaTeX sets 6): a key below the plot then gets one column where two fit.
/// The key's width is corrected by the longest entry's excess (two characters kept as a margin), with
/// shorter line samples.
std::string tex_key_width(const Plot& p, const FigureText& ft, size_t excess) {
  if (!ft.tex() || p.key != "below" || excess < 3) return "";
  return fmt::format("set key samplen 2 width -{}\n", excess - 2);
}

/// A curve's plot clauses: its band, then its points (error bars, a line, or a line with markers).
void curve_clauses(std::vector<std::string>& plots, const Plot& p, int block, const Look& l, size_t rows,
                   const std::string& title) {
  const std::string dash = l.dt > 0 ? fmt::format(" dt {}", l.dt) : "";
  if (!p.y_lo.empty())
    plots.push_back(fmt::format("$d{} using 1:3:4 with filledcurves fs transparent solid 0.25 lc {} notitle",
                                block, l.lc));
  if (!p.yerr.empty())
    plots.push_back(fmt::format("$d{} using 1:2:{} with yerrorbars lc {}{} pt {} ps 0.6 title {}", block,
                                p.y_lo.empty() ? 3 : 5, l.lc, dash, l.pt, title));
  else if (rows > 60 && !l.markers)  // dense curves read better without markers
    plots.push_back(fmt::format("$d{} using 1:2 with lines lc {}{} lw 2 title {}", block, l.lc, dash, title));
  else
    plots.push_back(fmt::format("$d{} using 1:2 with linespoints lc {}{} pt {} ps 0.6 lw 1.5 title {}", block,
                                l.lc, dash, l.pt, title));
}

// ---- overlays, ranges, guides ------------------------------------------------------------------

/// The overlays' data blocks "$o<k>" (their y widens the range) and their plot clauses.
std::string overlay_blocks(const Plot& p, const FigureText& ft, Extent& ext,
                           std::vector<std::string>& plots) {
  std::string s;
  for (size_t o = 0; o < p.overlays.size(); ++o) {
    std::string data = fmt::format("$o{} << EOD\n", o);
    for (const auto& [x, y] : p.overlays[o].xy)
      if (std::isfinite(x) && std::isfinite(y) && !(p.logx && x <= 0) && !(p.logy && y <= 0)) {
        data += fmt::format("{:.17g} {:.17g}\n", x, y);
        ext.y(y);
      }
    s += data + "EOD\n";
    plots.push_back(fmt::format("$o{} using 1:2 with points pt 5 ps 1.3 lc rgb 'black' title {}", o,
                                ft.plain(p.overlays[o].label, "[plot.overlay] label")));
  }
  return s;
}

/// A range fitted to the data, [lo:hi] with a margin of 4% of the span (of the decades on a log
/// axis), so that no third of the figure is empty; "" when there is nothing to fit.
std::string fitted_range(double lo, double hi, bool log) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi || (log && lo <= 0)) return "";
  if (log) {
    const double f = lo == hi ? 2.0 : std::pow(hi / lo, 0.04);
    return fmt::format("[{:.6g}:{:.6g}]", lo / f, hi * f);
  }
  const double m = lo == hi ? (lo == 0 ? 1.0 : std::fabs(lo) * 0.1) : (hi - lo) * 0.04;
  return fmt::format("[{:.6g}:{:.6g}]", lo - m, hi + m);
}

/// The axis ranges: given, else y fitted to the data and overlays (guides do not move it).
std::string ranges(const Plot& p, const Extent& ext) {
  std::string s;
  if (!p.xrange.empty()) s += "set xrange " + p.xrange + "\n";
  if (!p.yrange.empty())
    s += "set yrange " + p.yrange + "\n";
  else if (std::string r = fitted_range(ext.ymin, ext.ymax, p.logy); !r.empty())
    s += "set yrange " + r + "\n";
  return s;
}

/// The guides' data blocks "$g<k>", 200 segments over the data's x range, and their plot clauses.
std::string guide_blocks(const Plot& p, const FigureText& ft, const Extent& ext,
                         std::vector<std::string>& plots) {
  std::string s;
  for (size_t g = 0; g < p.guides.size() && std::isfinite(ext.xmin); ++g) {
    std::string data = fmt::format("$g{} << EOD\n", g);
    const int n = 200;
    for (int i = 0; i <= n; ++i) {
      const double u = static_cast<double>(i) / n;
      const double x = p.logx && ext.xmin > 0 ? ext.xmin * std::pow(ext.xmax / ext.xmin, u)
                                              : ext.xmin + (ext.xmax - ext.xmin) * u;
      const double y = p.guides[g].f(x);
      if (std::isfinite(y) && !(p.logy && y <= 0)) data += fmt::format("{:.17g} {:.17g}\n", x, y);
    }
    s += data + "EOD\n";
    // one guide: gray; several: guide g in the colour of series g (as in the example specs)
    const std::string color = p.guides.size() == 1 ? "rgb 'gray30'" : std::to_string(g + 1);
    plots.push_back(fmt::format("$g{} using 1:2 with lines dt 2 lw 2 lc {} title {}", g, color,
                                ft.plain(p.guides[g].label, "[plot] guides label")));
  }
  return s;
}

}  // namespace

std::optional<FigureLength> tex_scale(const Plot& p, const std::string& path) {
  if (std::filesystem::path(path).extension() != ".tex") return std::nullopt;
  const FigureLength w = p.width.value_or(style_sizes(p.style).tex_width);
  return w.is_relative() ? std::optional<FigureLength>(w) : std::nullopt;
}

std::string gnuplot_script(const Table& t, const Plot& p, const std::string& path) {
  const Target target = target_for(path, p);
  const FigureText ft(t, target.tex);
  const Columns c = resolve(t, p);
  const Curves cv = group_curves(t, c);
  const Channels ch = channels(p, c.y.size());
  std::string s = preamble(target, p, path) + axes(p, ft);
  std::vector<std::string> plots;
  Extent ext;
  ext.logy = p.logy;
  bool rising = false;
  int block = 0;
  size_t excess = 0;  // of a legend entry's LaTeX source over its text
  for (size_t yk = 0; yk < c.y.size(); ++yk)
    for (size_t i = 0; i < cv.rows.size(); ++i, ++block) {
      const auto& rows = cv.rows[i];
      s += curve_block(block, t, p, c, yk, rows, ext);
      if (block == 0 && !rows.empty())
        rising = numeric(t, rows.back(), c.y[yk], "y") > numeric(t, rows.front(), c.y[yk], "y");
      const Title title = curve_title(ft, p, cv.keys[i], yk);
      if (ft.tex())
        excess = std::max(excess,
                          title.text.size() - std::min(title.text.size(), latex_to_plain(title.text).size()));
      curve_clauses(plots, p, block, look_of(ch, cv, i, yk, block), rows.size(),
                    gnuplot_literal(title.text, "[plot] a curve's title") +
                        (ft.tex() || title.markup ? "" : " noenhanced"));
    }
  s += tex_key_width(p, ft, excess) + overlay_blocks(p, ft, ext, plots);
  // an inside key goes where the first curve is low: top left when it rises to the right
  if (p.key == "inside" && rising) s += "set key left top\n";
  s += ranges(p, ext);
  s += guide_blocks(p, ft, ext, plots);
  return s + "plot " + fmt::format("{}", fmt::join(plots, ", \\\n     ")) + "\n";
}

}  // namespace bc::out
