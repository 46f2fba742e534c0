#include "output/plot.hpp"

#include "core/errors.hpp"
#include "output/atomic_file.hpp"
#include "output/latex_text.hpp"
#include "output/plot_template.hpp"
#include "output/plot_text.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

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

/// What the figure is drawn as: the terminal, and whether LaTeX sets its text (.tex).
struct Target {
  std::string terminal;
  bool tex = false;
};

// Sizes: `style` one-column (3.4 in wide, a column of a two-column paper) or two-column (7 in, the
// full text width); without a style, a .tex figure is 4.8 in wide (article's text width) and the
// others keep their screen sizes. LaTeX figures use the document's font: only the size is ours.
Target target_for(const std::string& path, const std::string& style) {
  const std::string ext = std::filesystem::path(path).extension().string();
  const bool one = style == "one-column", two = style == "two-column";
  if (!style.empty() && !one && !two)
    throw UsageError(fmt::format("[plot] style must be one-column or two-column, got \"{}\"", style));
  if (ext == ".tex")
    return {two   ? "cairolatex pdf input colortext size 7in,3in"
            : one ? "cairolatex pdf input colortext size 3.4in,2.6in"
                  : "cairolatex pdf input colortext size 4.8in,3.4in",
            true};
  if (ext == ".svg")
    return {two   ? "svg size 1050,450 dynamic enhanced font 'Helvetica,13' background rgb 'white'"
            : one ? "svg size 600,440 dynamic enhanced font 'Helvetica,12' background rgb 'white'"
                  : "svg size 900,600 dynamic enhanced font 'Helvetica,14' background rgb 'white'",
            false};
  if (ext == ".png")
    return {two   ? "pngcairo size 2100,900 enhanced font 'Helvetica,22'"
            : one ? "pngcairo size 1020,750 enhanced font 'Helvetica,20'"
                  : "pngcairo size 1200,800 enhanced font 'Helvetica,14'",
            false};
  if (ext == ".pdf")
    return {two   ? "pdfcairo size 7in,3in enhanced font 'Helvetica,9'"
            : one ? "pdfcairo size 3.4in,2.5in enhanced font 'Helvetica,8'"
                  : "pdfcairo size 6in,4in enhanced font 'Helvetica,10'",
            false};
  throw UsageError(fmt::format("--plot must end in .tex, .svg, .png or .pdf, got \"{}\"", path));
}

/// The file gnuplot writes in its private directory: "figure" and the requested extension.
std::string figure_name(const std::string& path) {
  return "figure" + std::filesystem::path(path).extension().string();
}

/// The strings of one figure as gnuplot literals. Text from a spec, a column name or a cell is
/// plain text: LaTeX-escaped when LaTeX sets the figure. A header from [labels] or the built-in
/// labels is LaTeX by design: verbatim for LaTeX, as plain text (latex_to_plain) otherwise.
class FigureText {
 public:
  FigureText(const Table& t, bool tex) : t_(t), tex_(tex) {}
  [[nodiscard]] std::string text(const std::string& s, const char* what) const {
    return gnuplot_literal(tex_ ? latex_escape(s) : s, what);
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
    if (latex_plain_number(value)) return label_text(column) + " $= " + value + "$";
    return label_text(column) + " = " + latex_escape(value);
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
  s += fmt::format("set title {}\n", ft.text(p.title, "[plot] title"));
  // a header from [labels] may use enhanced-text markup (H_{min}); a bare column name may not (h_min)
  const auto axis = [&](const char* name, const std::string& given, const std::vector<std::string>& cols) {
    if (!given.empty()) return fmt::format("set {} {}\n", name, ft.text(given, "[plot] axis label"));
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

}  // namespace

std::string gnuplot_script(const Table& t, const Plot& p, const std::string& path) {
  const Target target = target_for(path, p.style);
  const FigureText ft(t, target.tex);
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
  // gnuplot runs in a private directory (write_plot) and writes this fixed name there; the path the
  // user asked for never enters the script
  std::string s = fmt::format("set terminal {}\nset output '{}'\n", target.terminal, figure_name(path));
  s += "set datafile missing 'NaN'\nset grid\nset border lw 1.2\nset autoscale xfix\n";
  if (p.key == "inside")
    s += "set key inside right top box opaque\n";  // moved to the left below when the data rises
  else if (p.key == "below")
    s += target.tex ? "set key below horizontal maxrows 3\n"
                    : "set key below box\nset xlabel offset 0,-0.8\nset bmargin 9\n";
  else
    s += "set key outside right top box opaque\n";
  s += axes(p, ft);
  std::vector<std::string> plots;
  double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
  const auto seen_y = [&](double y) {
    if (std::isfinite(y) && !(p.logy && y <= 0)) ymin = std::min(ymin, y), ymax = std::max(ymax, y);
  };
  int block = 0;
  bool rising = false;
  for (size_t yk = 0; yk < yi.size(); ++yk)
    for (const auto& k : keys) {
      std::string data = fmt::format("$d{} << EOD\n", block);
      for (size_t r : rows_of[k]) {
        const double x = value(r, xi, "x"), y = value(r, yi[yk], "y");
        if (p.logx && x <= 0) continue;
        xmin = std::min(xmin, x), xmax = std::max(xmax, x);
        seen_y(y);
        data += fmt::format("{:.17g} {:.17g}", x, (p.logy && y <= 0) ? NAN : y);
        if (band) {
          const double lo = value(r, lo_i, "y_lo"), hi = value(r, hi_i, "y_hi");
          seen_y(lo), seen_y(hi);
          data += fmt::format(" {:.17g} {:.17g}", lo, hi);
        }
        if (err) {
          const double e = value(r, err_i, "yerr");
          seen_y(y - e), seen_y(y + e);
          data += fmt::format(" {:.17g}", e);
        }
        data += "\n";
      }
      s += data + "EOD\n";
      // enhanced-text markup (N_{Tr}) only when every part of the title is a header or a number
      std::string title = p.y.size() > 1 ? ft.label_text(p.y[yk]) : "";
      bool markup = p.y.size() <= 1 || ft.has_label(p.y[yk]);
      if (series) {
        title += (title.empty() ? "" : ", ") + ft.series_title(p.series, k);
        markup = markup && ft.has_label(p.series) && latex_plain_number(k);
      }
      if (title.empty()) title = ft.label_text(p.y[yk]);
      const std::string lit = gnuplot_literal(title, "[plot] a curve's title");
      const char* enh = target.tex || markup ? "" : " noenhanced";
      if (block == 0 && !rows_of[k].empty()) {
        rising = value(rows_of[k].back(), yi[yk], "y") > value(rows_of[k].front(), yi[yk], "y");
      }
      if (band)
        plots.push_back(fmt::format(
            "$d{} using 1:3:4 with filledcurves fs transparent solid 0.25 lc {} notitle", block, block + 1));
      if (err)
        plots.push_back(fmt::format("$d{} using 1:2:{} with yerrorbars lc {} pt 7 ps 0.6 title {}{}", block,
                                    band ? 5 : 3, block + 1, lit, enh));
      else if (rows_of[k].size() > 60)  // dense curves read better without markers
        plots.push_back(
            fmt::format("$d{} using 1:2 with lines lc {} lw 2 title {}{}", block, block + 1, lit, enh));
      else
        plots.push_back(fmt::format("$d{} using 1:2 with linespoints lc {} pt 7 ps 0.6 lw 1.5 title {}{}",
                                    block, block + 1, lit, enh));
      ++block;
    }
  for (size_t o = 0; o < p.overlays.size(); ++o) {
    std::string data = fmt::format("$o{} << EOD\n", o);
    for (const auto& [x, y] : p.overlays[o].xy)
      if (std::isfinite(x) && std::isfinite(y) && !(p.logx && x <= 0) && !(p.logy && y <= 0)) {
        data += fmt::format("{:.17g} {:.17g}\n", x, y);
        seen_y(y);
      }
    s += data + "EOD\n";
    plots.push_back(fmt::format("$o{} using 1:2 with points pt 5 ps 1.3 lc rgb 'black' title {}{}", o,
                                ft.text(p.overlays[o].label, "[plot.overlay] label"),
                                target.tex ? "" : " noenhanced"));
  }
  // an inside key goes where the first curve is low: top left when it rises to the right
  if (p.key == "inside" && rising) s += "set key left top\n";
  // guides do not move the range: it is fitted to the data (and overlays) unless given
  if (!p.xrange.empty()) s += "set xrange " + p.xrange + "\n";
  if (!p.yrange.empty())
    s += "set yrange " + p.yrange + "\n";
  else if (std::string r = fitted_range(ymin, ymax, p.logy); !r.empty())
    s += "set yrange " + r + "\n";
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
                                ft.text(p.guides[g].label, "[plot] guides label")));
  }
  s += "plot " + fmt::format("{}", fmt::join(plots, ", \\\n     ")) + "\n";
  return s;
}

namespace {

/// A private directory for one gnuplot run (mkdtemp: mode 0700, a fresh name), removed on exit.
struct PrivateDir {
  std::string path;
  PrivateDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "boundcheck-plot-XXXXXX").string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (mkdtemp(buf.data()) == nullptr)
      throw ResourceError(
          fmt::format("--plot: cannot create a temporary directory: {}", std::strerror(errno)));
    path = buf.data();
  }
  ~PrivateDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  PrivateDir(const PrivateDir&) = delete;
  PrivateDir& operator=(const PrivateDir&) = delete;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs gnuplot with `dir` as its working directory, the script file on its standard input and
/// its standard error in dir/err: no shell is involved (fork and execvp), so nothing in the
/// script's name or the environment is interpreted. Returns the exit status (127: not found).
int run_gnuplot(const std::string& dir) {
  const std::string script = dir + "/script.gp", err = dir + "/err";
  const pid_t pid = fork();
  if (pid < 0) throw ResourceError(fmt::format("--plot: cannot start gnuplot: {}", std::strerror(errno)));
  if (pid == 0) {
    const int in = open(script.c_str(), O_RDONLY | O_CLOEXEC);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    const int nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (in < 0 || e < 0 || nul < 0 || chdir(dir.c_str()) != 0 || dup2(in, 0) < 0 || dup2(nul, 1) < 0 ||
        dup2(e, 2) < 0)
      _exit(126);
    char prog[] = "gnuplot";
    char* argv[] = {prog, nullptr};
    execvp(prog, argv);
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw ResourceError("--plot: lost track of gnuplot");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string first_error_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line.find("warning") == std::string::npos) return line;
  return "";
}

}  // namespace

std::vector<std::string> plot_files(const std::string& path) {
  const std::filesystem::path f(path);
  if (f.extension() != ".tex") return {path};
  return {path, std::filesystem::path(f).replace_extension(".pdf").string()};
}

namespace {

/// The name a .tex figure includes its PDF by: the path as given, without ".tex". It is written into
/// LaTeX (\includegraphics{...}), so only letters, digits, '.', '_', '-', '/' and '+' are accepted.
std::string include_name(const std::string& path) {
  const std::string name = std::filesystem::path(path).replace_extension().string();
  const bool ok = !name.empty() && name.find_first_not_of(
                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                       "0123456789._/-+") == std::string::npos;
  if (!ok)
    throw UsageError(fmt::format(
        "--plot: a .tex figure's path may only hold letters, digits and . _ - / + (LaTeX includes its PDF "
        "by that name), got \"{}\"",
        path));
  return name;
}

}  // namespace

namespace {

/// Runs the script in a private directory; returns the files gnuplot wrote there by extension
/// (".svg", or ".tex" and ".pdf"). Throws ResourceError when gnuplot is missing or fails.
std::map<std::string, std::string> run_figure(const std::string& script, const std::string& ext) {
  // defence in depth: whatever the strings were, the script is the template or it does not run
  if (std::string why = script_outside_template(script); !why.empty())
    throw std::logic_error("--plot: refusing a gnuplot script outside the template (" + why + ")");
  PrivateDir dir;
  {
    std::ofstream f(dir.path + "/script.gp", std::ios::binary);
    f << script;
    if (!f.flush()) throw ResourceError("--plot: cannot write the gnuplot script");
  }
  const int rc = run_gnuplot(dir.path);
  const std::string err = read_file(dir.path + "/err");
  if (rc == 127)
    throw ResourceError(
        "--plot needs gnuplot (Debian package gnuplot-nox; scripts/setup-debian.sh installs it)");
  std::map<std::string, std::string> files;
  for (const std::string& e : {ext, std::string(ext == ".tex" ? ".pdf" : "")}) {
    if (e.empty()) continue;
    const std::string f = dir.path + "/figure" + e;
    if (rc != 0 || !std::filesystem::exists(f))
      throw ResourceError(fmt::format("--plot: gnuplot failed: {}", first_error_line(err)));
    files[e] = read_file(f);
  }
  return files;
}

}  // namespace

void write_plot(const Table& t, const Plot& p, const std::string& path) {
  if (path.empty()) throw UsageError("--plot must be a file name, got \"\"");
  const std::string ext = std::filesystem::path(path).extension().string();
  const std::string script = gnuplot_script(t, p, path);
  const std::string include = ext == ".tex" ? include_name(path) : "";
  auto files = run_figure(script, ext);
  if (ext != ".tex") {
    write_atomic(path, files[ext]);
    return;
  }
  // cairolatex names the PDF by its output name, "figure": the figure includes the requested one
  std::string& text = files[".tex"];
  const std::string from = "]{figure}}", to = "]{" + include + "}}";
  const size_t at = text.find(from);
  if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
    throw ResourceError("--plot: gnuplot's cairolatex output does not include its PDF as expected");
  text.replace(at, from.size(), to);
  write_atomic(plot_files(path)[1], files[".pdf"]);
  write_atomic(path, text);
}

std::string plot_svg(const Table& t, const Plot& p) {
  return run_figure(gnuplot_script(t, p, "figure.svg"), ".svg")[".svg"];
}

}  // namespace bc::out
