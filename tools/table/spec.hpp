// The spec file of `boundcheck table` (TOML): which command, fixed and swept options, derived
// columns, which columns to keep, layout, labels, plot. Every error names the file, the line and
// the field: `error: specs/lb.toml:7: [sweep] H: ...`.
//
//   command = "rank bound"          # any evaluate command, as typed after `boundcheck`
//   caption = "..."                 # optional (LaTeX caption; the command and version are appended)
//   [latex]   caption = "..."  provenance = false   # the same caption; without the version suffix
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
//             header = '$\mathrm{LB}(d,4,H)$'   # LaTeX over the value columns (default: its label)
//   [plot]    x = "H"  y = "lo" (or a list)  series = "d"  logx = true  logy = false
//             y_lo = "lo"  y_hi = "hi" (a band)  yerr = "sigma" (error bars)
//             guides = [{ expr = "x^-1", label = "l^{-1}" }]  (scaled through the first point
//                      unless scale = false)
//             [[plot.overlay]] command = "depth optimal"  fixed = { model = "all" }  x = "L"  y = "params"
//             title, xlabel, ylabel, xrange = [lo, hi], yrange = [lo, hi], key = "inside"|"outside"|"below"
//             style = "one-column"|"two-column"   (the figure's size)
// The keys each section accepts are the schema lists in table/spec.cpp; ranges are spelled out by
// table/values.hpp; the points and tasks of a sweep are planned by table/plan.hpp.
#pragma once

#include "core/flint.hpp"
#include "expr/expr.hpp"

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
  std::string x, series, y_lo, y_hi, yerr, title, xlabel, ylabel;
  std::vector<std::string> y;
  bool logx = false, logy = false;
  std::string xrange, yrange, key;
  std::string style;  ///< "", "one-column" or "two-column"
  std::vector<Guide> guides;
  std::vector<Overlay> overlays;
  long line = 0;
};

struct LayoutSpec {
  std::string rows, cols;
  std::vector<std::string> value;  ///< one column, or two (lo, hi) printed as a bracket
  std::string header;              ///< LaTeX over the value columns (default: the value's label)
  long line = 0;
};

struct Spec {
  std::string file;                  ///< as given on the command line
  std::string text;                  ///< the file's contents (shards carry it)
  std::vector<std::string> command;  ///< {"rank", "bound"}
  long command_line = 0;
  std::vector<std::pair<std::string, std::string>> fixed;  ///< option -> value ("" for a flag)
  std::map<std::string, long> fixed_lines;                 ///< option -> its line in [fixed]
  std::vector<Axis> sweep, zip;
  std::vector<std::pair<std::string, expr::Expr>> derived;
  std::vector<long> derived_lines;
  std::vector<std::string> columns;
  long columns_line = 0;
  std::vector<std::pair<std::string, std::string>> outputs;  ///< file -> format name
  long outputs_line = 0;
  std::map<std::string, std::string> labels;
  std::string caption;         ///< top-level `caption` or [latex] caption (LaTeX source by design)
  bool provenance = true;      ///< [latex] provenance: the caption ends with the version and the command
  std::optional<long> digits;  ///< the default of --digits for this sweep (table/execute.hpp cell_options)
  std::optional<long> derived_digits;  ///< significant digits of derived columns (default: digits)
  std::optional<PlotSpec> plot;
  std::optional<LayoutSpec> layout;
  /// Line of the spec that sets an option (fixed, sweep or zip), or 0.
  [[nodiscard]] long line_of(const std::string& option) const;
};

/// Parses a spec from its text; `file` names it in messages. Throws UsageError.
Spec parse_spec(const std::string& text, const std::string& file);
/// Reads and parses FILE. Throws UsageError if unreadable or invalid.
Spec load_spec(const std::string& file);

}  // namespace bc::cli::table
