// Fuzz target: the table spec parser (tools/table/spec.hpp parse_spec), then what a spec makes the
// program do without running a command: every derived column and plot guide is evaluated (each
// variable bound to 3, at 30 digits, the work limits lowered), and the [plot] section becomes a
// gnuplot script over a small table with its columns, which must stay inside the template
// (output/plot_template.hpp). UsageError, DomainError and ResourceError are clean refusals;
// anything else, or a script outside the template, is a bug.
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "output/plot.hpp"
#include "output/plot_template.hpp"
#include "table/spec.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

namespace {

void evaluate(const bc::expr::Expr& e) {
  bc::Arb v;
  e.eval(
      v.x, [](arb_t res, const std::string&, slong) { arb_set_ui(res, 3); }, 128);
}

bc::out::Table table_for(const bc::cli::table::PlotSpec& p) {
  std::set<std::string> cols = {p.x};
  for (const auto& y : p.y) cols.insert(y);
  for (const auto& k : p.series) cols.insert(k);
  for (const auto* c : {&p.y_lo, &p.y_hi, &p.yerr})
    if (!c->empty()) cols.insert(*c);
  bc::out::Table t;
  t.columns.assign(cols.begin(), cols.end());
  for (int r = 1; r <= 3; ++r) {
    std::vector<bc::out::Cell> row;
    for (size_t c = 0; c < t.columns.size(); ++c) row.push_back(bc::out::Cell::of_int(r));
    t.add_row(std::move(row));
  }
  return t;
}

void plot(const bc::cli::table::PlotSpec& ps) {
  bc::out::Plot p;
  p.x = ps.x, p.y = ps.y, p.series = ps.series, p.y_lo = ps.y_lo, p.y_hi = ps.y_hi, p.yerr = ps.yerr;
  p.title = ps.title, p.xlabel = ps.xlabel, p.ylabel = ps.ylabel, p.logx = ps.logx, p.logy = ps.logy;
  p.xrange = ps.xrange, p.yrange = ps.yrange;
  p.color = ps.color, p.dash = ps.dash, p.marker = ps.marker, p.width = ps.width, p.height = ps.height;
  if (!ps.key.empty()) p.key = ps.key;
  for (const auto& g : ps.guides) p.guides.push_back({g.label, [](double x) { return x; }});
  for (const auto& o : ps.overlays) p.overlays.push_back({o.label, {{1.0, 2.0}}});
  const std::string s = bc::out::gnuplot_script(table_for(ps), p, "fig.svg");
  if (std::string why = bc::out::script_outside_template(s); !why.empty()) {
    std::fprintf(stderr, "gnuplot script outside the template: %s\n%s\n", why.c_str(), s.c_str());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool init = [] {
    bc::limits::set_test_scale(0.001);  // an evaluation may cost milliseconds, not a minute
    return true;
  }();
  (void)init;
  bc::limits::set_time_budget(60);
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto s = bc::cli::table::parse_spec(text, "fuzz.toml");
    for (const auto& [name, e] : s.derived) {
      try {
        if (!e.boolean()) evaluate(e);
      } catch (const bc::UsageError&) {
      } catch (const bc::DomainError&) {
      } catch (const bc::ResourceError&) {
      }
    }
    if (s.plot) {
      for (const auto& g : s.plot->guides) {
        try {
          evaluate(g.expr);
        } catch (const bc::DomainError&) {
        } catch (const bc::ResourceError&) {
        }
      }
      plot(*s.plot);
    }
  } catch (const bc::UsageError&) {
  } catch (const bc::DomainError&) {
  } catch (const bc::ResourceError&) {
  }
  return 0;
}
