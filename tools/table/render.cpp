// The printed table of a sweep (see table/render.hpp): typed columns, derived columns in ball
// arithmetic, the spec's column choice, the pivot, labels; and the spec's extra outputs.
// Cost: O(rows x columns), plus one ball evaluation per derived cell.
#include "table/render.hpp"

#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "output/atomic_file.hpp"
#include "output/cell_value.hpp"
#include "output/labels.hpp"
#include "output/latex_text.hpp"
#include "output/output_path.hpp"
#include "output/plot.hpp"
#include "table/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace bc::cli::table {

size_t column_index(const std::vector<std::string>& cols, const std::string& name) {
  auto it = std::find(cols.begin(), cols.end(), name);
  return it == cols.end() ? cols.size() : static_cast<size_t>(it - cols.begin());
}

namespace {

/// A derived value as a cell. Its inputs are balls (a printed decimal is +-1 unit in its last
/// digit, a double its shortest decimal +-1 unit), so it is known only as well as they are: printed
/// with the most digits, at most `digits`, that the ball supports: format_real's when its midpoint
/// is correct to them, else format_within_unit's (every point of the ball within one unit of the
/// last digit, the reading cell_value gives a printed decimal, so a column derived from this one
/// stays an enclosure). A decimal, not a double, also from a double column: "1.0826e+6", where the
/// double 1082600 would show digits no input supports. Under --certified (inputs all certified):
/// the enclosure. A ball that supports no digit (it contains zero) prints as its enclosure; one
/// that is not finite as "undefined".
out::Cell derived_cell(const expr::Value& v, bool uncertified, long digits, bool certified) {
  const arb_struct* x = v.ball.x;
  if (!arb_is_finite(x)) return out::Cell::of_text("undefined");
  out::Cell c = out::real_cell(format_ball(x, digits, certified && !uncertified), x);
  if (v.exact) out::keep_exact(c, v.exact->x);
  if (uncertified) {  // the flag travels to columns derived from this one
    auto n = std::make_shared<out::CellNumber>(*c.number);
    n->uncertified = true;
    c.number = std::move(n);
  }
  return c;
}

/// Derived column k in row r. A point where the expression has no value (division by zero) is
/// "undefined", and so is one whose inputs are; any other error names the spec's file, line and
/// column, keeping its kind (usage, domain, resource).
out::Cell derived_value(const Spec& s, size_t k, const out::Table& t, const std::vector<out::Cell>& r,
                        const CellOptions& cells, slong prec) {
  bool uncertified = false, undefined = false;
  expr::Value val;
  const PointError err = guarded([&] {
    try {
      val = s.derived[k].second.value(
          [&](expr::Quantity& res, const std::string& var, slong p) {
            const auto& cell = r[column_index(t.columns, var)];
            if (cell.kind == out::CellKind::text && cell.str == "undefined") throw expr::Undefined(var);
            if (!out::cell_value(res.ball.x, res.exact, cell, uncertified, p))
              throw UsageError(fmt::format("column \"{}\" is not numeric (\"{}\")", var, cell.display()));
          },
          prec);
    } catch (const expr::Undefined&) {
      undefined = true;
    }
  });
  if (err.kind != 0) {
    const std::string msg =
        fmt::format("{}:{}: [derived] {}: {}", s.file, s.derived_lines[k], s.derived[k].first, err.msg);
    if (err.kind == 1) throw UsageError(msg);
    if (err.kind == 2) throw DomainError(msg);
    throw ResourceError(msg);
  }
  if (undefined) return out::Cell::of_text("undefined");
  return derived_cell(val, uncertified, s.derived_digits.value_or(cells.digits), cells.certified);
}

/// One JSON type per column: machine integers join exact integers as strings when both occur.
void unify_integer_columns(out::Table& t) {
  const size_t n = t.columns.size();
  std::vector<char> has_int(n, 0), has_exact(n, 0);
  for (const auto& r : t.rows)  // one pass in row order: each row is its own allocation
    for (size_t c = 0; c < n; ++c)
      has_int[c] |= r[c].kind == out::CellKind::integer, has_exact[c] |= r[c].kind == out::CellKind::exact;
  for (size_t c = 0; c < n; ++c)
    if (has_int[c] != 0 && has_exact[c] != 0)
      for (auto& r : t.rows)
        if (r[c].kind == out::CellKind::integer) r[c] = out::Cell::of_exact(std::to_string(r[c].ival));
}

}  // namespace

void check_derived(const Spec& s, size_t k, const std::vector<std::string>& columns) {
  const std::string& name = s.derived[k].first;
  if (column_index(columns, name) != columns.size())
    throw UsageError(fmt::format("{}:{}: [derived] {}: a column of that name exists already", s.file,
                                 s.derived_lines[k], name));
  for (const auto& v : s.derived[k].second.variables())
    if (column_index(columns, v) == columns.size())
      throw UsageError(fmt::format("{}:{}: [derived] {}: no column \"{}\" (columns: {})", s.file,
                                   s.derived_lines[k], name, v, fmt::join(columns, ", ")));
}

namespace {

/// The derived columns, in spec order (a derived column may use an earlier one).
void add_derived(const Spec& s, out::Table& t, const CellOptions& cells) {
  const slong prec = bits_for_digits(cells.digits) + 64;
  for (size_t k = 0; k < s.derived.size(); ++k) {
    const std::string& name = s.derived[k].first;
    check_derived(s, k, t.columns);
    for (auto& r : t.rows) r.push_back(derived_value(s, k, t, r, cells, prec));
    t.columns.push_back(name);
  }
  if (!s.derived.empty())
    t.notes.push_back(
        "derived columns are evaluated in ball arithmetic from the values as the command computed them "
        "(exact values exactly, balls with their own radii; a double counts as its shortest decimal +-1 "
        "unit, uncertified) and printed with only the digits that survive: the value is within one unit "
        "of the last digit shown; "
        "\"undefined\" where the expression has no value (division by zero, log(0))");
}

/// Keeps and orders the spec's `columns`.
void select_columns(const Spec& s, out::Table& t) {
  if (s.columns.empty()) return;
  std::vector<size_t> idx;
  for (const auto& c : s.columns) {
    const size_t i = column_index(t.columns, c);
    if (i == t.columns.size())
      throw UsageError(fmt::format("{}:{}: columns: no column \"{}\" (columns: {})", s.file, s.columns_line,
                                   c, fmt::join(t.columns, ", ")));
    idx.push_back(i);
  }
  for (auto& r : t.rows) {
    std::vector<out::Cell> nr;
    for (size_t i : idx) nr.push_back(r[i]);
    r = std::move(nr);
  }
  t.columns = s.columns;
}

}  // namespace

void finish_rows(const Spec& s, out::Table& t, const CellOptions& cells) {
  unify_integer_columns(t);
  add_derived(s, t, cells);
  select_columns(s, t);
}

/// The line under a LaTeX table (and its caption when the spec has none) naming the version and the
/// swept command. The spec file and its --set overrides, as typed, go in the file's header comment
/// (provenance_comments): a camera-ready table says what computed it, not how the run was spelled.
std::string provenance_line(const Spec& s) {
  return fmt::format("boundcheck {}, \\texttt{{table}} over \\texttt{{{}}}", BOUNDCHECK_VERSION,
                     out::latex_escape(join_words(s.command)));
}

std::vector<std::string> provenance_comments(const Spec& s) {
  std::vector<std::string> lines;
  if (!s.file.empty()) lines.push_back("spec: " + s.file);
  for (const auto& o : s.sets) lines.push_back("--set " + o.as_typed());
  return lines;
}

out::Table finish_long(const Spec& s, Raw raw, const CellOptions& cells) {
  out::Table t;
  t.command = "table";
  t.params["spec"] = s.file;
  t.params["command"] = join_words(s.command);
  for (const auto& [k, v] : s.fixed) t.params["fixed"][k] = v.empty() ? "true" : v;
  for (const auto& a : s.sweep) t.params["sweep"][a.option] = a.values;
  for (const auto& a : s.zip) t.params["zip"][a.option] = a.values;
  for (const auto& o : s.sets) t.params["set"].push_back(o.text());
  t.columns = raw.columns;
  for (auto& r : raw.rows) t.rows.push_back(std::move(r.second));
  t.notes = coalesce_notes(raw.notes);
  finish_rows(s, t, cells);
  const std::string inner = join_words(s.command);
  for (const auto& c : t.columns)
    if (std::string l = out::default_label(inner, c); !l.empty()) t.labels[c] = l;
  for (const auto& [k, v] : s.labels) t.labels[k] = v;
  // the caption is the spec's; the provenance goes on a line under the table (provenance = false:
  // nowhere but the LaTeX file's header comment). Without a caption, it is the caption.
  t.caption = s.caption.empty() && s.provenance ? provenance_line(s) : s.caption;
  if (!s.caption.empty() && s.provenance) t.provenance = provenance_line(s);
  t.label = s.label, t.group_digits = s.group_digits, t.wide = s.wide;
  t.comments = provenance_comments(s);
  return t;
}

namespace {

// What pdflatex sets (measured for issue 38 with TeX Live 2022's pdfTeX at its default main memory
// of 5,000,000 words, a pivot of siunitx columns under one header, --standalone): an alignment
// spans at most 256 columns, and the header over the value columns is one \multicolumn (257 stop
// at "This can't happen (256 spans)"); a table of at most 60 rows (a tabular) holds about 8,300
// cells (30 x 257, 45 x 186, 60 x 140 compiled, one column more exceeded main memory); a longtable
// fewer columns the longer it is (61 x 143, 200 x 44, 1000 x 31 compiled).
constexpr size_t kLatexSpan = 256, kLatexTabularCells = 8000, kLatexLongColumns = 30;

void check_latex_shape(const Spec& s, out::Table& t) {
  const size_t keys = s.layout->rows.size(), values = t.columns.size() - std::min(keys, t.columns.size());
  if (values > kLatexSpan)
    throw UsageError(fmt::format(
        "{}:{}: [layout]: the pivot has {} value columns, and LaTeX sets at most {} under one header "
        "(pdflatex stops: \"This can't happen (256 spans)\"): pivot on fewer values, or write another format",
        s.file, s.layout->line, values, kLatexSpan));
  const bool long_table = t.rows.size() > out::kLongTableRows && !t.wide;
  if (long_table ? t.columns.size() > kLatexLongColumns
                 : t.rows.size() * t.columns.size() > kLatexTabularCells)
    t.notes.push_back(fmt::format(
        "[layout]: a LaTeX table of {} rows and {} columns may exceed TeX's main memory (with TeX Live's "
        "default of 5,000,000 words pdflatex set tabulars of about 8,300 cells, 60 rows x 140 columns, and "
        "longtables of 200 rows x 44 columns and 1000 x 31): pivot on fewer values, or raise main_memory in "
        "texmf.cnf",
        t.rows.size(), t.columns.size()));
}

}  // namespace

out::Table present(const Spec& s, out::Table rows, bool latex) {
  out::Table t = s.layout ? pivot(s, rows) : std::move(rows);
  if (latex && s.layout) check_latex_shape(s, t);
  if (s.wide && t.rows.size() > out::kLongTableRows)
    t.notes.push_back(fmt::format(
        "[latex] style = \"two-column\": the {} rows stay in one table* (LaTeX sets no longtable in two "
        "columns); a page holds about 50: sweep fewer points or use style = \"one-column\" in a "
        "one-column document",
        t.rows.size()));
  return t;
}

void check_columns(const Spec& s, std::vector<std::string> columns) {
  for (size_t k = 0; k < s.derived.size(); ++k) {
    check_derived(s, k, columns);
    columns.push_back(s.derived[k].first);
  }
  if (!s.columns.empty()) {
    for (const auto& c : s.columns)
      if (column_index(columns, c) == columns.size())
        throw UsageError(fmt::format("{}:{}: columns: no column \"{}\" (columns: {})", s.file, s.columns_line,
                                     c, fmt::join(columns, ", ")));
    columns = s.columns;
  }
  const auto need = [&](const std::string& c, long line, const std::string& role) {
    if (!c.empty() && column_index(columns, c) == columns.size())
      throw UsageError(fmt::format("{}:{}: {}: no column \"{}\" (columns: {})", s.file, line, role, c,
                                   fmt::join(columns, ", ")));
  };
  if (s.layout) {
    for (const auto& c : s.layout->rows) need(c, s.layout->line, "[layout] rows");
    for (const auto& c : s.layout->cols) need(c, s.layout->line, "[layout] cols");
    for (const auto& c : s.layout->value) need(c, s.layout->line, "[layout] value");
  }
  if (s.plot) {
    const auto& P = *s.plot;
    need(P.x, P.line, "[plot] x");
    for (const auto& c : P.y) need(c, P.line, "[plot] y");
    need(P.y_lo, P.line, "[plot] y_lo");
    need(P.y_hi, P.line, "[plot] y_hi");
    need(P.yerr, P.line, "[plot] yerr");
    for (const auto& c : P.series) need(c, P.line, "[plot] series");
  }
}

void check_paths(const Spec& s, const std::vector<std::string>& inputs, const std::string& plot,
                 const Context& ctx) {
  using out::PathOrigin;
  if (!ctx.output.empty()) out::check_output_path(ctx.output, PathOrigin::command_line, inputs, "--output");
  // a .tex figure writes its PDF beside it: both are outputs
  const std::vector<std::string> figure = plot.empty() ? std::vector<std::string>{} : out::plot_files(plot);
  for (const auto& f : figure) {
    out::check_output_path(f, PathOrigin::command_line, inputs, "--plot");
    if (f == ctx.output) throw UsageError(fmt::format("--plot: \"{}\" is also --output", f));
  }
  for (const auto& of : s.outputs) {
    const std::string& file = of.first;
    try {
      out::check_output_path(file, PathOrigin::file, inputs, "outputs");
      if (file == ctx.output || std::find(figure.begin(), figure.end(), file) != figure.end())
        throw UsageError(fmt::format("outputs: \"{}\" is also the command line's output", file));
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("{}:{}: {}", s.file, s.outputs_line, e.what()));
    }
  }
}

void write_outputs(const Spec& s, const out::Table& t, const out::Meta& meta) {
  for (const auto& [file, format] : s.outputs) {
    out::Format f{};
    out::parse_format(format, f);
    // a relative path is taken from the directory the command runs in, as --output is
    out::write_atomic(file, out::render(t, meta, f));
  }
}

}  // namespace bc::cli::table
