// The spec file of `boundcheck table` (TOML): which command, fixed and swept options, derived
// columns, which columns to keep, layout, labels, plot. Every error names the file, the line and
// the field: `error: specs/lb.toml:7: [sweep] H: ...`.
//
//   command = "rank bound"          # any evaluate command, as typed after `boundcheck`
//   caption = "..."                 # optional (LaTeX caption; the command and version are appended)
//   [latex]   caption = "..."  provenance = false   # the same caption; no provenance line under it
//             label = "tab:lb"   group_digits = true   style = "two-column" (a table* across the page)
//   digits = 12                     # optional, as --digits (a --digits typed on the command line wins)
//   derived_digits = 3              # optional: print derived columns with at most this many digits
//   columns = ["d", "H", "lo"]      # optional: keep and order these columns
//   outputs = ["lb.csv", "lb.tex"]  # optional: also write these files, format from the extension
//                                   # (.csv .json .md .tex .txt), atomically
//   [fixed]   r = 4                 # option -> value, exactly as on the command line
//   [sweep]   d = [16, 64]          # Cartesian product, first key outermost; list, or
//             H = { from = 1, to = 1e6, per_decade = 4 }   # log-spaced (integers if ends are)
//             L = { from = 6, to = 30, step = 6 }         # arithmetic range
//   [zip]     d = [8, 16]  r = [1, 2]   # swept together (same length), innermost
//   [derived] ratio = "lo / hi"     # expressions over columns (src/expr/expr.hpp), certified
//   [labels]  h_min = '$H_{\min}$'  # LaTeX headers
//   [layout]  rows = "d"  cols = "H"  value = "lo"   (or value = ["lo", "hi"]: a bracket)
//             rows and cols may be lists: cols = ["d", "r"] (a two-level header)
//             header = '$\mathrm{LB}(d,4,H)$'   # LaTeX over the value columns (default: its label)
//   [plot]    x = "H"  y = "lo" (or a list)  series = "d" (or ["d", "r"])  logx = true  logy = false
//             color = "d"  dash = "r"  marker = "..."  (which series key each style follows)
//             width = "3.2in" | "0.95\columnwidth"  height = "2.4in"   (LaTeX lengths)
//             y_lo = "lo"  y_hi = "hi" (a band)  yerr = "sigma" (error bars)
//             guides = [{ expr = "x^-1", label = "l^{-1}" }]  (scaled through the first point
//                      unless scale = false)
//             [[plot.overlay]] command = "depth optimal"  fixed = { model = "all" }  x = "L"  y = "params"
//             title, xlabel, ylabel, xrange = [lo, hi], yrange = [lo, hi], key = "inside"|"outside"|"below"
//             style = "one-column"|"two-column"   (the figure's size)
// The keys each section accepts are the schema lists in table/spec.cpp; ranges are spelled out by
// table/values.hpp; the points and tasks of a sweep are planned by table/plan.hpp.
// `table --set KEY=VALUE` (TOML value: r=4, 'd=[16, 64]', 'H={from=1, to=1e6, per_decade=4}')
// overrides [fixed], [sweep] and [zip] without editing the file: a single value fixes the option,
// a list or a range sweeps it. The overrides are part of the spec's identity (Spec::identity):
// shard files carry them and their digests start from them.
#pragma once

#include "core/flint.hpp"
#include "expr/expr.hpp"
#include "output/figure_size.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bc::cli::table {

struct Axis {
  std::string option;  ///< without the leading "--"
  std::vector<std::string> values;
  long line = 0;
};

struct Guide {
  expr::Expr expr;
  std::string label;
  bool scale = true;  ///< scaled to pass through the first plotted point (a shape guide)
};

/// Points from another command drawn on the same axes (e.g. the GPT-3 models on N_Tr(L)).
struct Overlay {
  std::vector<std::string> command;
  std::vector<std::pair<std::string, std::string>> fixed;
  std::string x, y, label;
  long line = 0;
};

struct PlotSpec {
  std::string x, y_lo, y_hi, yerr, title, xlabel, ylabel;
  std::vector<std::string> y;
  std::vector<std::string> series;  ///< one curve per combination of their values
  std::string color, dash, marker;  ///< the series key each style channel follows (out::Plot)
  std::optional<out::FigureLength> width, height;
  bool logx = false, logy = false;
  std::string xrange, yrange, key;
  std::string style;  ///< "", "one-column" or "two-column"
  std::vector<Guide> guides;
  std::vector<Overlay> overlays;
  long line = 0;
};

struct LayoutSpec {
  std::vector<std::string> rows, cols;  ///< one key or several (several cols: a header per level)
  std::vector<std::string> value;       ///< one column, or two (lo, hi) printed as a bracket
  std::string header;                   ///< LaTeX over the value columns (default: the value's label)
  long line = 0;
};

/// One `--set KEY=VALUE`, normalised: the option (without "--", '_' as '-') and the value as TOML
/// re-prints it ("4", "[16, 64]", "'talk'"), so that equal overrides read the same (the spec's
/// identity); `typed`, the value as the user wrote it (what a LaTeX file's header comment shows);
/// `values`, how many values it sweeps the option over (0: it fixes it). A string that the command
/// line reads as several values ("log(1,1e4,4)", "1:10000", "1,10,100") sweeps, as it does there.
struct Override {
  std::string option, value, typed;
  size_t values = 0;
  [[nodiscard]] std::string text() const { return option + " = " + value; }
  [[nodiscard]] std::string as_typed() const { return option + "=" + typed; }
};

struct Spec {
  std::string file;                  ///< as given on the command line
  std::string text;                  ///< the file's contents (shards carry it)
  std::vector<Override> sets;        ///< --set, in the order given (shards carry them too)
  std::vector<std::string> command;  ///< {"rank", "bound"}
  long command_line = 0;
  std::vector<std::pair<std::string, std::string>> fixed;  ///< option -> value ("" for a flag)
  std::map<std::string, long> fixed_lines;                 ///< option -> its line in [fixed]
  /// Options [fixed] or --set gives true or false (a flag's value: set or left out), with the line
  /// (0 for a --set): the command must have them as flags (table/plan.hpp check_command).
  std::vector<std::pair<std::string, long>> booleans;
  std::vector<Axis> sweep, zip;
  std::vector<std::pair<std::string, expr::Expr>> derived;
  std::vector<long> derived_lines;
  std::vector<std::string> columns;
  long columns_line = 0;
  std::vector<std::pair<std::string, std::string>> outputs;  ///< file -> format name
  long outputs_line = 0;
  std::map<std::string, std::string> labels;
  std::string caption;     ///< top-level `caption` or [latex] caption (LaTeX source by design)
  bool provenance = true;  ///< [latex] provenance: a line under the table names the version and the command
  std::string label;       ///< [latex] label: \label{...} of the table (letters, digits, : . _ - /)
  bool group_digits = false;   ///< [latex] group_digits: siunitx's digit grouping (0.087 91) is kept
  bool wide = false;           ///< [latex] style = "two-column": a table* across both columns
  std::optional<long> digits;  ///< the default of --digits for this sweep (table/execute.hpp cell_options)
  std::optional<long> derived_digits;  ///< significant digits of derived columns (default: digits)
  std::optional<PlotSpec> plot;
  std::optional<LayoutSpec> layout;
  /// Line of the spec that sets an option (fixed, sweep or zip), or 0 (also for a --set).
  [[nodiscard]] long line_of(const std::string& option) const;
  /// Whether a --set gives the option its value.
  [[nodiscard]] bool is_set(const std::string& option) const;
  /// What makes two sweeps the same: the text, then one "--set option = value" line per override.
  /// Shard files are compared and their digests seeded by it.
  [[nodiscard]] std::string identity() const;
  /// The options that take more than one value (sweep and zip axes), in spec order.
  [[nodiscard]] std::vector<std::string> varied() const;
};

/// Parses a spec from its text and applies the overrides (`--set` words, "KEY=VALUE"); `file`
/// names it in messages. Checks what the spec alone can tell: keys, values' shapes, and that every
/// swept option is an axis of the [plot] (x or a series key) and of the [layout] (rows or cols), so
/// that no curve and no cell merges several points. Throws UsageError.
Spec parse_spec(const std::string& text, const std::string& file, const std::vector<std::string>& sets = {});
/// Reads and parses FILE with the overrides. Throws UsageError if unreadable or invalid.
Spec load_spec(const std::string& file, const std::vector<std::string>& sets = {});

}  // namespace bc::cli::table
