// From a sweep's raw rows to what the user gets: the printed table (typed columns, derived
// columns, the spec's column choice, the pivot, LaTeX labels and caption), the spec's extra
// `outputs`, and the gnuplot figure of its [plot] section. Paths are checked before anything is
// computed: no output may overwrite an input, and paths that come from a file stay in the working
// directory (output/output_path.hpp).
#pragma once

#include "cli.hpp"
#include "table/execute.hpp"
#include "table/spec.hpp"

#include <string>
#include <vector>

namespace bc::cli::table {

/// Index of column `name` in `cols`, or cols.size().
size_t column_index(const std::vector<std::string>& cols, const std::string& name);

/// The long table of a sweep from its raw rows (in spec order) computed with `cells`: typed
/// columns, derived columns, the spec's column choice, labels, caption and the LaTeX options. The
/// figure is drawn from it whatever the layout.
out::Table finish_long(const Spec& s, Raw raw, const CellOptions& cells);

/// The printed table: the long table pivoted by [layout] (table/pivot.cpp), or itself. `latex`: the
/// table is also written as LaTeX (--format latex, a .tex in outputs): a pivot wider than pdflatex can
/// set is refused (UsageError), one near TeX's memory gets a note (kLatexSpan and the rest).
out::Table present(const Spec& s, out::Table rows, bool latex);
out::Table pivot(const Spec& s, const out::Table& rows);

/// Refuses, before anything is computed, what finish_long, present and the figure would refuse about
/// column names, given the command's columns (a probe of the first point: table/validate.hpp):
/// derived columns' names and variables, `columns`, the layout's and the plot's columns.
void check_columns(const Spec& s, std::vector<std::string> columns);
/// Derived column k's name is new and its variables are columns. Throws UsageError (file:line).
void check_derived(const Spec& s, size_t k, const std::vector<std::string>& columns);

/// The row-by-row part of finish: typed integer columns, derived columns, the spec's column
/// choice (a streamed sweep applies it window by window; no pivot).
void finish_rows(const Spec& s, out::Table& t, const CellOptions& cells);

/// Draws the spec's [plot] section of the long table `t` to `path` (nothing if path is empty).
void maybe_plot(const Spec& s, const out::Table& t, const std::string& path);
/// The spec's figure of `t` as an SVG document for an HTML report ("" without a [plot] section).
std::string report_figure(const Spec& s, const out::Table& t);

/// Refuses, before anything is computed, output paths that would overwrite an input or (for the
/// spec's own `outputs`, which come from a file) lead outside the working directory.
void check_paths(const Spec& s, const std::vector<std::string>& inputs, const std::string& plot,
                 const Context& ctx);

/// The spec's `outputs`: the same table in each file's format (JSON with `meta`), each written
/// atomically.
void write_outputs(const Spec& s, const out::Table& t, const out::Meta& meta);

}  // namespace bc::cli::table
