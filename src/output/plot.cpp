#include "output/plot.hpp"

#include "core/errors.hpp"
#include "output/atomic_file.hpp"

#include <fmt/format.h>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace bc::out {

bool plot_value(const Cell& c, double& v) {
  switch (c.kind) {
    case CellKind::integer:
      v = static_cast<double>(c.ival);
      return true;
    case CellKind::number:
      v = c.dval;
      return true;
    case CellKind::text:
      return false;
    default:
      break;
  }
  std::string s = c.str;
  if (!s.empty() && s.front() == '[') s = s.substr(1, s.find(' ') == std::string::npos ? 0 : s.find(' ') - 1);
  auto slash = s.find('/');
  char* end = nullptr;
  if (slash != std::string::npos) {
    const double p = std::strtod(s.substr(0, slash).c_str(), &end);
    const double q = std::strtod(s.substr(slash + 1).c_str(), nullptr);
    v = p / q;
    return std::isfinite(v);
  }
  v = std::strtod(s.c_str(), &end);
  return end != s.c_str() && *end == '\0';
}

namespace {

size_t column_index(const Table& t, const std::string& name, const char* role) {
  auto it = std::find(t.columns.begin(), t.columns.end(), name);
  if (it == t.columns.end())
    throw UsageError(
        fmt::format("[plot] {}: no column \"{}\" (columns: {})", role, name, fmt::join(t.columns, ", ")));
  return static_cast<size_t>(it - t.columns.begin());
}

std::string quote(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o + "\"";
}

std::string terminal_for(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".svg") return "svg size 900,600 dynamic enhanced font 'Helvetica,14' background rgb 'white'";
  if (ext == ".png") return "pngcairo size 1200,800 enhanced font 'Helvetica,14'";
  if (ext == ".pdf") return "pdfcairo size 6in,4in enhanced font 'Helvetica,10'";
  throw UsageError(fmt::format("--plot must end in .svg, .png or .pdf, got \"{}\"", path));
}

}  // namespace

std::string gnuplot_script(const Table& t, const Plot& p, const std::string& path) {
  const std::string term = terminal_for(path);
  const size_t xi = column_index(t, p.x, "x");
  std::vector<size_t> yi;
  for (const auto& y : p.y) yi.push_back(column_index(t, y, "y"));
  const bool band = !p.y_lo.empty();
  const size_t lo_i = band ? column_index(t, p.y_lo, "y_lo") : 0,
               hi_i = band ? column_index(t, p.y_hi, "y_hi") : 0;
  const bool err = !p.yerr.empty();
  const size_t err_i = err ? column_index(t, p.yerr, "yerr") : 0;
  const bool series = !p.series.empty();
  const size_t s_i = series ? column_index(t, p.series, "series") : 0;
  // series values in order of first appearance
  std::vector<std::string> keys;
  std::map<std::string, std::vector<size_t>> rows_of;
  for (size_t r = 0; r < t.rows.size(); ++r) {
    std::string k = series ? t.rows[r][s_i].display() : "";
    if (rows_of.find(k) == rows_of.end()) keys.push_back(k);
    rows_of[k].push_back(r);
  }
  auto value = [&](size_t r, size_t c, const char* role) {
    double v = 0;
    if (!plot_value(t.rows[r][c], v))
      throw UsageError(fmt::format("[plot] {}: column \"{}\" is not numeric (\"{}\")", role, t.columns[c],
                                   t.rows[r][c].display()));
    return v;
  };
  std::string s = fmt::format("set terminal {}\nset output {}\n", term, quote(path + ".part"));
  s += "set datafile missing 'NaN'\nset grid\nset border lw 1.2\nset autoscale xfix\n";
  if (p.key == "inside")
    s += "set key inside right top box opaque\n";
  else if (p.key == "below")
    s += "set key below box\nset xlabel offset 0,-0.8\nset bmargin 9\n";
  else
    s += "set key outside right top box opaque\n";
  if (!p.xrange.empty()) s += "set xrange " + p.xrange + "\n";
  if (!p.yrange.empty()) s += "set yrange " + p.yrange + "\n";
  if (p.logx) s += "set logscale x\nset format x '10^{%T}'\n";
  if (p.logy) s += "set logscale y\nset format y '10^{%T}'\n";
  s += fmt::format("set title {}\nset xlabel {}\nset ylabel {}\n", quote(p.title),
                   quote(p.xlabel.empty() ? p.x : p.xlabel),
                   quote(p.ylabel.empty() ? fmt::format("{}", fmt::join(p.y, ", ")) : p.ylabel));
  std::vector<std::string> plots;
  double xmin = INFINITY, xmax = -INFINITY;
  int block = 0;
  for (size_t yk = 0; yk < yi.size(); ++yk)
    for (const auto& k : keys) {
      std::string data = fmt::format("$d{} << EOD\n", block);
      for (size_t r : rows_of[k]) {
        const double x = value(r, xi, "x"), y = value(r, yi[yk], "y");
        if (p.logx && x <= 0) continue;
        xmin = std::min(xmin, x), xmax = std::max(xmax, x);
        data += fmt::format("{:.17g} {:.17g}", x, (p.logy && y <= 0) ? NAN : y);
        if (band) data += fmt::format(" {:.17g} {:.17g}", value(r, lo_i, "y_lo"), value(r, hi_i, "y_hi"));
        if (err) data += fmt::format(" {:.17g}", value(r, err_i, "yerr"));
        data += "\n";
      }
      s += data + "EOD\n";
      std::string title = p.y.size() > 1 ? p.y[yk] : "";
      if (series) title += (title.empty() ? "" : ", ") + p.series + " = " + k;
      if (title.empty()) title = p.y[yk];
      if (band)
        plots.push_back(fmt::format(
            "$d{} using 1:3:4 with filledcurves fs transparent solid 0.25 lc {} notitle", block, block + 1));
      if (err)
        plots.push_back(fmt::format("$d{} using 1:2:{} with yerrorbars lc {} pt 7 ps 0.6 title {} noenhanced",
                                    block, band ? 5 : 3, block + 1, quote(title)));
      else if (rows_of[k].size() > 60)  // dense curves read better without markers
        plots.push_back(fmt::format("$d{} using 1:2 with lines lc {} lw 2 title {} noenhanced", block,
                                    block + 1, quote(title)));
      else
        plots.push_back(
            fmt::format("$d{} using 1:2 with linespoints lc {} pt 7 ps 0.6 lw 1.5 title {} noenhanced", block,
                        block + 1, quote(title)));
      ++block;
    }
  for (size_t o = 0; o < p.overlays.size(); ++o) {
    std::string data = fmt::format("$o{} << EOD\n", o);
    for (const auto& [x, y] : p.overlays[o].xy)
      if (std::isfinite(x) && std::isfinite(y) && !(p.logx && x <= 0) && !(p.logy && y <= 0))
        data += fmt::format("{:.17g} {:.17g}\n", x, y);
    s += data + "EOD\n";
    plots.push_back(fmt::format("$o{} using 1:2 with points pt 5 ps 1.3 lc rgb 'black' title {} noenhanced",
                                o, quote(p.overlays[o].label)));
  }
  for (size_t g = 0; g < p.guides.size() && std::isfinite(xmin); ++g) {
    std::string data = fmt::format("$g{} << EOD\n", g);
    const int n = 200;
    for (int i = 0; i <= n; ++i) {
      const double u = static_cast<double>(i) / n;
      const double x = p.logx && xmin > 0 ? xmin * std::pow(xmax / xmin, u) : xmin + (xmax - xmin) * u;
      const double y = p.guides[g].f(x);
      if (std::isfinite(y) && !(p.logy && y <= 0)) data += fmt::format("{:.17g} {:.17g}\n", x, y);
    }
    s += data + "EOD\n";
    // one guide: gray; several: guide g in the colour of series g (as in the example specs)
    const std::string color = p.guides.size() == 1 ? "rgb 'gray30'" : std::to_string(g + 1);
    plots.push_back(fmt::format("$g{} using 1:2 with lines dt 2 lw 2 lc {} title {}", g, color,
                                quote(p.guides[g].label)));
  }
  s += "plot " + fmt::format("{}", fmt::join(plots, ", \\\n     ")) + "\n";
  return s;
}

void write_plot(const Table& t, const Plot& p, const std::string& path) {
  if (path.empty()) throw UsageError("--plot must be a file name, got \"\"");
  const std::string script = gnuplot_script(t, p, path);
  std::string tmpl = (std::filesystem::temp_directory_path() / "boundcheck-plot-XXXXXX").string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  int fd = mkstemp(buf.data());
  if (fd < 0) throw ResourceError("--plot: cannot create a temporary file");
  const std::string script_path(buf.data());
  {
    FILE* f = fdopen(fd, "w");
    if (f == nullptr || std::fwrite(script.data(), 1, script.size(), f) != script.size() ||
        std::fclose(f) != 0) {
      std::remove(script_path.c_str());
      throw ResourceError("--plot: cannot write the gnuplot script");
    }
  }
  const std::string err_path = script_path + ".err";
  const std::string cmd = fmt::format("gnuplot '{}' 2> '{}'", script_path, err_path);
  const int rc = std::system(cmd.c_str());
  std::string first_err;
  {
    std::ifstream e(err_path);
    std::string line;
    while (std::getline(e, line))
      if (!line.empty() && line.find("warning") == std::string::npos) {
        first_err = line;
        break;
      }
  }
  std::remove(script_path.c_str());
  std::remove(err_path.c_str());
  const std::string part = path + ".part";
  if (rc != 0) {
    std::remove(part.c_str());
    if (rc == 127 * 256 || first_err.find("not found") != std::string::npos)
      throw ResourceError(
          "--plot needs gnuplot (Debian package gnuplot-nox; scripts/setup-debian.sh installs it)");
    throw ResourceError(fmt::format("--plot: gnuplot failed: {}", first_err));
  }
  std::error_code ec;
  std::filesystem::rename(part, path, ec);
  if (ec) {
    std::remove(part.c_str());
    throw ResourceError(fmt::format("--plot: cannot write \"{}\": {}", path, ec.message()));
  }
}

}  // namespace bc::out
