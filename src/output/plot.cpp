// Running gnuplot (see output/plot.hpp): the script (output/plot_script.cpp) is checked against its
// template, run in a private directory without a shell, and the figure copied where it was asked;
// a .tex figure includes its PDF by the requested name, scaled to a relative width by LaTeX.
// Cost: gnuplot's.
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

namespace {

/// Scales a cairolatex picture to the LaTeX length `w` (a relative width): its \unitlength becomes
/// w divided by the picture's width in units, and the PDF is included in those units, so that the
/// lines and the positions of the text scale while the text keeps the document's size.
void scale_picture(std::string& text, const FigureLength& w) {
  const std::string unit = "\\setlength{\\unitlength}{0.0500bp}%", pic = "\\begin{picture}(",
                    gfx = "\\includegraphics[width={";
  const size_t u = text.find(unit), at = text.find(pic), g = text.find(gfx);
  double pw = 0, ph = 0;
  const bool ok = u != std::string::npos && at != std::string::npos && g != std::string::npos && u < g &&
                  text.find(gfx, g + 1) == std::string::npos &&
                  std::sscanf(text.c_str() + at + pic.size(), "%lf,%lf", &pw, &ph) == 2 && pw >= 1 &&
                  ph >= 1 && text.find(']', g) != std::string::npos;
  if (!ok)
    throw ResourceError("--plot: gnuplot's cairolatex output is not the picture expected (scaling it)");
  const long units_w = std::lround(pw), units_h = std::lround(ph);
  text.replace(
      g, text.find(']', g) - g,
      fmt::format("\\includegraphics[width={{{}\\unitlength}},height={{{}\\unitlength}}", units_w, units_h));
  text.replace(
      u, unit.size(),
      fmt::format("\\setlength{{\\unitlength}}{{{}}}\\divide\\unitlength by {}%", w.latex(), units_w));
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
  if (const auto w = tex_scale(p, path)) scale_picture(text, *w);
  write_atomic(plot_files(path)[1], files[".pdf"]);
  write_atomic(path, text);
}

std::string plot_svg(const Table& t, const Plot& p) {
  return run_figure(gnuplot_script(t, p, "figure.svg"), ".svg")[".svg"];
}

}  // namespace bc::out
