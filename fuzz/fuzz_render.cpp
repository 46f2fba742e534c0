// Fuzz target: figure and LaTeX generation from hostile strings (issue 20 §1). The input is split
// at NUL bytes into a title, axis labels, a guide label, an overlay label, a column name, and
// cell texts (used as series values and as text/exact cells). gnuplot_script either refuses
// (UsageError) or returns a script that script_outside_template accepts; the LaTeX rendering
// holds no control sequence but the renderer's own, the escapes of the ten specials, and those of
// < > | (which the default OT1 font would print as other glyphs).
#include "core/errors.hpp"
#include "output/labels.hpp"
#include "output/plot.hpp"
#include "output/plot_template.hpp"
#include "output/table.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace {

std::vector<std::string> fields(const uint8_t* data, size_t size) {
  std::vector<std::string> f(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      f.emplace_back();
    else
      f.back() += static_cast<char>(data[i]);
  }
  while (f.size() < 9) f.emplace_back("v" + std::to_string(f.size()));
  return f;
}

[[noreturn]] void die(const char* what, const std::string& detail, const std::string& text) {
  std::fprintf(stderr, "%s: %s\n---\n%s\n---\n", what, detail.c_str(), text.c_str());
  std::abort();
}

void check_latex(const std::string& tex) {
  static const std::set<std::string> kMacros = {
      "begin",           "end",      "caption",     "centering", "toprule", "midrule",       "bottomrule",
      "endhead",         "endfoot",  "texttt",      "times",     "pm",      "textbackslash", "textasciitilde",
      "textasciicircum", "textless", "textgreater", "textbar",   "sisetup"};
  for (size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '%' && (i == 0 || tex[i - 1] == '\n')) {  // the header comment: one line each
      i = tex.find('\n', i);
      if (i == std::string::npos) return;
      continue;
    }
    if (tex[i] != '\\') continue;
    size_t j = i + 1;
    while (j < tex.size() && std::isalpha(static_cast<unsigned char>(tex[j]))) ++j;
    const std::string name = tex.substr(i + 1, j - i - 1);
    if (name.empty()) {
      if (j >= tex.size() || std::string("\\{}$&#%_").find(tex[j]) == std::string::npos)
        die("LaTeX: a control symbol the renderer does not write", tex.substr(i, 2), tex);
      i = j;
    } else if (kMacros.count(name) == 0) {
      die("LaTeX: a macro the renderer does not write", name, tex);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto f = fields(data, size);
  bc::out::Table t;
  t.columns = {"x", f[5], "y"};
  // a name with a built-in LaTeX header (output/labels.cpp: "l" is $\ell$) is trusted text
  if (f[5] == "x" || f[5] == "y" || !bc::out::default_label("", f[5]).empty()) return 0;
  for (size_t r = 0; r < 4; ++r)
    t.add_row({bc::out::Cell::of_int(static_cast<long long>(r + 1)), bc::out::Cell::of_text(f[6 + r % 3]),
               r % 2 ? bc::out::Cell::of_exact(f[6 + (r + 1) % 3]) : bc::out::Cell::of_double(0.5 * r)});
  bc::out::Plot p;
  p.x = "x";
  p.y = {"y"};
  p.series = {f[5]};
  p.title = f[0], p.xlabel = f[1], p.ylabel = f[2];
  p.logx = size % 2 == 1;
  p.guides.push_back({f[3], [](double x) { return 2 * x; }});
  p.overlays.push_back({f[4], {{1.0, 2.0}, {2.0, 3.0}}});
  try {
    const std::string s = bc::out::gnuplot_script(t, p, size % 3 ? "fig.svg" : "fig.pdf");
    if (std::string why = bc::out::script_outside_template(s); !why.empty()) die("gnuplot", why, s);
  } catch (const bc::UsageError&) {
  }
  check_latex(bc::out::render(t, bc::out::Meta{30, 1, false}, bc::out::Format::latex));
  return 0;
}
