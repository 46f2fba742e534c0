// The figure of a spec's [plot] section (see table/render.hpp maybe_plot): the long table's columns
// (before any pivot: a figure reads the rows the sweep computed, whatever the table's layout),
// guides (expressions in x, scaled through the first point), and overlays (another command's rows,
// run through the same registry). gnuplot itself is driven by output/plot.cpp.
// Cost: O(rows) plus one overlay command each.
#include "output/plot.hpp"
#include "core/errors.hpp"
#include "output/output_path.hpp"
#include "table/execute.hpp"
#include "table/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bc::cli::table {

namespace {

out::Plot plot_of(const Spec& s) {
  const auto& P = *s.plot;
  out::Plot p;
  p.x = P.x, p.y = P.y, p.series = P.series, p.y_lo = P.y_lo, p.y_hi = P.y_hi, p.yerr = P.yerr;
  p.color = P.color, p.dash = P.dash, p.marker = P.marker;
  p.title = P.title, p.xlabel = P.xlabel, p.ylabel = P.ylabel, p.logx = P.logx, p.logy = P.logy;
  p.xrange = P.xrange, p.yrange = P.yrange, p.style = P.style, p.width = P.width, p.height = P.height;
  if (!P.key.empty()) p.key = P.key;
  for (const auto& g : P.guides) {
    auto eval = [ex = g.expr](double x) {
      Arb r;
      try {
        ex.eval(
            r.x, [x](arb_t res, const std::string&, slong) { arb_set_d(res, x); }, 64);
      } catch (const DomainError&) {
        return std::nan("");  // e.g. a pole of the guide: no point drawn there
      }
      return arb_is_finite(r.x) ? arf_get_d(arb_midref(r.x), ARF_RND_NEAR) : std::nan("");
    };
    p.guides.push_back({g.label, eval});
  }
  return p;
}

/// An overlay's points: the other command's rows, through the same registry.
out::PlotPoints overlay_points(const Spec& s, const Overlay& o) {
  std::vector<std::string> args = o.command;
  for (const auto& [opt, v] : o.fixed) {
    args.push_back("--" + opt);
    if (!v.empty()) args.push_back(v);
  }
  out::Table t;
  Invoker inv;
  // a file the overlay's command reads obeys the spec's rule (output/output_path.hpp)
  auto check_inputs = [&] {
    const Command* cmd = inv.registry().find(join_words(o.command));
    for (const auto& [opt, v] : o.fixed)
      if (const CLI::Option* op = cmd == nullptr ? nullptr : cmd->app->get_option_no_throw("--" + opt);
          op != nullptr && reads_file(*op))
        out::check_input_path_from_file(v, "fixed " + opt);
  };
  if (PointError e = guarded([&] {
        check_inputs();
        t = inv.run(args).table;
      });
      e.kind != 0)
    throw UsageError(fmt::format("{}:{}: [plot.overlay]: {}", s.file, o.line, e.msg));
  const size_t xi = column_index(t.columns, o.x), yi = column_index(t.columns, o.y);
  if (xi == t.columns.size() || yi == t.columns.size())
    throw UsageError(fmt::format("{}:{}: [plot.overlay]: \"{}\" has no column \"{}\" (columns: {})", s.file,
                                 o.line, join_words(o.command), xi == t.columns.size() ? o.x : o.y,
                                 fmt::join(t.columns, ", ")));
  out::PlotPoints pts{o.label, {}};
  for (const auto& r : t.rows) {
    double x = 0, y = 0;
    if (out::plot_value(r[xi], x) && out::plot_value(r[yi], y)) pts.xy.emplace_back(x, y);
  }
  return pts;
}

/// Guides with scale = true pass through the first plotted point.
void scale_guides(const Spec& s, const out::Table& t, out::Plot& p) {
  if (p.guides.empty() || t.rows.empty()) return;
  const size_t xi = column_index(t.columns, p.x), yi = column_index(t.columns, p.y[0]);
  double x0 = 0, y0 = 0;
  if (xi >= t.columns.size() || yi >= t.columns.size() || !out::plot_value(t.rows[0][xi], x0) ||
      !out::plot_value(t.rows[0][yi], y0))
    return;
  for (size_t gi = 0; gi < p.guides.size(); ++gi) {
    auto& g = p.guides[gi];
    if (!s.plot->guides[gi].scale) continue;
    const double g0 = g.f(x0);
    if (g0 != 0 && std::isfinite(g0)) g.f = [f = g.f, c = y0 / g0](double x) { return c * f(x); };
  }
}

/// The spec's figure of `t`, ready for gnuplot (guides scaled, overlays computed).
out::Plot figure_of(const Spec& s, const out::Table& t) {
  out::Plot p = plot_of(s);
  scale_guides(s, t, p);
  for (const auto& o : s.plot->overlays) p.overlays.push_back(overlay_points(s, o));
  return p;
}

}  // namespace

void maybe_plot(const Spec& s, const out::Table& t, const std::string& path) {
  if (path.empty()) return;
  if (!s.plot) throw UsageError(fmt::format("--plot: {} has no [plot] section", s.file));
  const out::Plot p = figure_of(s, t);
  try {
    out::write_plot(t, p, path);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("{}:{}: {}", s.file, s.plot->line, e.what()));
  }
}

std::string report_figure(const Spec& s, const out::Table& t) {
  if (!s.plot) return "";
  const out::Plot p = figure_of(s, t);
  try {
    return out::plot_svg(t, p);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("{}:{}: {}", s.file, s.plot->line, e.what()));
  }
}

}  // namespace bc::cli::table
