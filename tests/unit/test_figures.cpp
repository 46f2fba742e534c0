// Figures and tables for papers (issue 28): multi-key series with their style channels, figure
// sizes as LaTeX lengths, text printed as written, the two-level header of a pivot on several
// keys in every format, LaTeX labels, provenance and siunitx options, and CSV cells a spreadsheet
// would run. References are the rules as the issue states them, not the program's output.
#include "core/errors.hpp"
#include "output/figure_size.hpp"
#include "output/plot.hpp"
#include "output/plot_template.hpp"
#include "output/table.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

using namespace bc::out;

namespace {

/// A long table of LB(d, r, H): d = 16, 32, r = 1, 4, H = 1, 10, 100 (values made up: the figure
/// only needs to tell the curves apart).
Table grid() {
  Table t;
  t.columns = {"d", "r", "H", "lo"};
  for (int d : {16, 32})
    for (int r : {1, 4})
      for (int h : {1, 10, 100})
        t.add_row({Cell::of_int(d), Cell::of_int(r), Cell::of_int(h), Cell::of_double(1.0 / (d + r + h))});
  t.labels["d"] = "$d$";
  t.labels["r"] = "$r$";
  return t;
}

/// The plot clauses of a script: one per curve, in order (the lines after "plot ").
std::vector<std::string> clauses(const std::string& script) {
  std::vector<std::string> out;
  const auto at = script.find("\nplot ");
  std::istringstream in(script.substr(at + 6));
  for (std::string l; std::getline(in, l);) {
    l.erase(0, l.find_first_not_of(' '));
    if (!l.empty() && l.back() == '\\') l.erase(l.size() - 3);
    out.push_back(l);
  }
  return out;
}

std::string field(const std::string& clause, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(clause, m, std::regex(" " + key + " ([0-9]+)"))) return "";
  return m[1].str();
}

}  // namespace

TEST_CASE("figures: one curve per (d r) pair coloured by d and dashed by r with legends naming both") {
  const Table t = grid();
  Plot p;
  p.x = "H", p.y = {"lo"}, p.series = {"d", "r"};
  for (const char* fig : {"f.svg", "f.tex"}) {
    const std::string s = gnuplot_script(t, p, fig);
    CHECK_MESSAGE(script_outside_template(s).empty(), script_outside_template(s));
    const auto c = clauses(s);
    REQUIRE(c.size() == 4);  // (16,1) (16,4) (32,1) (32,4), the first key outermost
    // colour by the first key, dash by the second (the default), every curve distinguishable
    CHECK(field(c[0], "lc") == "1");
    CHECK(field(c[1], "lc") == "1");
    CHECK(field(c[2], "lc") == "2");
    CHECK(field(c[3], "lc") == "2");
    CHECK(field(c[0], "dt") == "1");
    CHECK(field(c[1], "dt") == "2");
    CHECK(field(c[2], "dt") == "1");
    CHECK(field(c[3], "dt") == "2");
    std::set<std::string> looks;
    for (const auto& x : c) looks.insert(field(x, "lc") + "/" + field(x, "dt"));
    CHECK(looks.size() == 4);
    // each curve's data block holds its own three rows only: H = 1, 10, 100, never jumping back
    for (int b = 0; b < 4; ++b) {
      const auto at = s.find(fmt::format("$d{} << EOD\n", b));
      REQUIRE(at != std::string::npos);
      const std::string block = s.substr(at, s.find("EOD\n", at + 10) - at);
      CHECK(std::count(block.begin(), block.end(), '\n') == 4);
      CHECK(block.find("\n1 ") < block.find("\n10 "));
      CHECK(block.find("\n10 ") < block.find("\n100 "));
    }
  }
  const auto tex = clauses(gnuplot_script(t, p, "f.tex"));
  CHECK(tex[1].find("title '$d = 16$, $r = 4$'") != std::string::npos);
  const auto svg = clauses(gnuplot_script(t, p, "f.svg"));
  CHECK(svg[1].find("title 'd = 16, r = 4'") != std::string::npos);
  // the spec chooses: colour by r, dash by d
  p.color = "r", p.dash = "d";
  const auto swapped = clauses(gnuplot_script(t, p, "f.svg"));
  CHECK(field(swapped[1], "lc") == "2");
  CHECK(field(swapped[1], "dt") == "1");
  CHECK(field(swapped[2], "lc") == "1");
  CHECK(field(swapped[2], "dt") == "2");
  // a marker channel: points on every curve, a point type per value
  p.color = "", p.dash = "", p.marker = "r";
  const auto marked = clauses(gnuplot_script(t, p, "f.svg"));
  CHECK(marked[0].find("linespoints") != std::string::npos);
  CHECK(field(marked[0], "pt") != field(marked[1], "pt"));
  CHECK(field(marked[0], "lc") == "1");  // the free channel (colour) goes to d
  CHECK(field(marked[2], "lc") == "2");
  // a channel must name a series key, and four keys cannot be told apart
  p.marker = "H";
  CHECK_THROWS_AS(gnuplot_script(t, p, "f.svg"), bc::UsageError);
  p.marker = "", p.series = {"d", "r", "H", "lo"};
  CHECK_THROWS_AS(gnuplot_script(t, p, "f.svg"), bc::UsageError);
}

TEST_CASE("figures: one series key keeps a colour per curve as before channels existed") {
  const Table t = grid();
  Plot p;
  p.x = "H", p.y = {"lo"}, p.series = {"d"};
  Table one = t;  // r fixed at 1: one curve per d
  one.rows.erase(
      std::remove_if(one.rows.begin(), one.rows.end(), [](const auto& r) { return r[1].ival != 1; }),
      one.rows.end());
  const auto c = clauses(gnuplot_script(one, p, "f.svg"));
  REQUIRE(c.size() == 2);
  CHECK(field(c[0], "lc") == "1");
  CHECK(field(c[1], "lc") == "2");
  CHECK(c[0].find(" dt ") == std::string::npos);
  CHECK(c[0].find("linespoints lc 1 pt 7 ps 0.6 lw 1.5") != std::string::npos);
}

TEST_CASE("figures: spec text is printed as written - axis labels with $ are LaTeX") {
  const Table t = grid();
  Plot p;
  p.x = "H", p.y = {"lo"}, p.series = {"d", "r"};
  p.title = "t_one^two {x}";
  p.xlabel = "heads H_{max}";
  p.ylabel = "$\\mathrm{LB}(d, r, H)$";
  p.guides.push_back({"l^{-1} & more", [](double x) { return 1 / x; }});
  const std::string svg = gnuplot_script(t, p, "f.svg");
  // gnuplot's enhanced text would make subscripts of these: noenhanced keeps them as written
  CHECK(svg.find("set title 't_one^two {x}' noenhanced\n") != std::string::npos);
  CHECK(svg.find("set xlabel 'heads H_{max}' noenhanced\n") != std::string::npos);
  CHECK(svg.find("title 'l^{-1} & more' noenhanced") != std::string::npos);
  // a LaTeX label reads as plain text outside LaTeX...
  CHECK(svg.find("set ylabel 'LB(d, r, H)'\n") != std::string::npos);
  // ...and is LaTeX in the .tex figure, where plain text is escaped
  const std::string tex = gnuplot_script(t, p, "f.tex");
  CHECK(tex.find("set ylabel '$\\mathrm{LB}(d, r, H)$'\n") != std::string::npos);
  CHECK(tex.find("set xlabel 'heads H\\_\\{max\\}'\n") != std::string::npos);
  CHECK(tex.find("set title 't\\_one\\textasciicircum{}two \\{x\\}'\n") != std::string::npos);
  CHECK(script_outside_template(svg).empty());
  CHECK(script_outside_template(tex).empty());
}

TEST_CASE("figures: widths are LaTeX lengths read into numbers") {
  std::string why;
  auto w = parse_figure_length("3.2in", why);
  REQUIRE(w);
  CHECK(w->value == doctest::Approx(3.2).epsilon(1e-12));
  CHECK(!w->is_relative());
  w = parse_figure_length("0.95\\columnwidth", why);
  REQUIRE(w);
  CHECK(w->relative == "columnwidth");
  CHECK(w->latex() == "0.95\\columnwidth");
  // 221 pt (A4 two-column \columnwidth, measured) = 221 / 72.27 in
  CHECK(w->nominal_inches() == doctest::Approx(0.95 * 221 / 72.27).epsilon(1e-12));
  CHECK(parse_figure_length("\\textwidth", why)->latex() == "\\textwidth");
  CHECK(parse_figure_length("80mm", why)->value == doctest::Approx(80 / 25.4).epsilon(1e-12));
  CHECK(parse_figure_length("240pt", why)->value == doctest::Approx(240 / 72.27).epsilon(1e-12));
  for (const char* bad : {"3in}\\input{/etc/passwd}", "3", "in", "3em", "-3in", "3 in", "1e3in", "0.1in",
                          "50in", "2\\columnwidth", "0.5\\hsize", "\\columnwidth}", "3in\n", "3.2.1in"}) {
    INFO(bad);
    CHECK(!parse_figure_length(bad, why));
    CHECK(!why.empty());
  }
}

TEST_CASE("figures: sizes fit the standard classes - a relative width is the .tex figure's") {
  const Table t = grid();
  Plot p;
  p.x = "H", p.y = {"lo"}, p.series = {"d", "r"};
  // one-column: the column (\columnwidth >= 221 pt = 3.058 in in every standard class), not 3.4 in
  p.style = "one-column";
  CHECK(gnuplot_script(t, p, "f.tex").find("size 3.058in,2.293in") != std::string::npos);
  CHECK(tex_scale(p, "f.tex")->latex() == "\\columnwidth");
  CHECK(gnuplot_script(t, p, "f.pdf").find("pdfcairo size 3in,2.25in") != std::string::npos);
  p.style = "two-column";  // \textwidth >= 452 pt = 6.254 in
  CHECK(gnuplot_script(t, p, "f.tex").find("size 6.254in,") != std::string::npos);
  CHECK(tex_scale(p, "f.tex")->latex() == "\\textwidth");
  p.style = "";
  // no style: the column as well (4.8 in until 2026-11-27 overflowed a two-column page), in the
  // default shape 3.4 / 4.8: 3.058 in x 2.166 in
  CHECK(gnuplot_script(t, p, "f.tex").find("size 3.058in,2.166in") != std::string::npos);
  CHECK(tex_scale(p, "f.tex")->latex() == "\\columnwidth");
  std::string why;
  p.width = parse_figure_length("3.2in", why);
  p.height = parse_figure_length("2.4in", why);
  CHECK(gnuplot_script(t, p, "f.tex").find("size 3.2in,2.4in") != std::string::npos);
  CHECK(gnuplot_script(t, p, "f.pdf").find("size 3.2in,2.4in") != std::string::npos);
  CHECK(!tex_scale(p, "f.tex"));
  // a screen figure keeps its pixel width and takes the shape: 900 x 900 * 2.4 / 3.2
  CHECK(gnuplot_script(t, p, "f.svg").find("svg size 900,675 ") != std::string::npos);
  p.width = parse_figure_length("0.95\\columnwidth", why);
  CHECK(tex_scale(p, "f.tex")->latex() == "0.95\\columnwidth");
  CHECK(!tex_scale(p, "f.svg"));
}

TEST_CASE("tables: a pivot on two keys has a two-level header in every format") {
  Table t;
  t.columns = {"H", "d=16,r=1", "d=16,r=4", "d=32,r=1", "d=32,r=4"};
  t.add_row({Cell::of_int(1), Cell::of_real("0.5"), Cell::of_real("0.4"), Cell::of_real("0.6"),
             Cell::of_real("0.55")});
  t.add_row({Cell::of_int(1000000), Cell::of_real("0.08791"), Cell::of_real("0.01"), Cell::of_real("0.2"),
             Cell::of_real("0.1")});
  for (const auto& c : t.columns)
    if (c != "H") t.headers[c] = c.substr(5), t.labels[c] = "$r = " + c.substr(7) + "$";
  t.groups.push_back({1, 4, "$\\mathrm{LB}$", "LB", 0, false});
  t.groups.push_back({1, 2, "$d = 16$", "d=16", 1, true});
  t.groups.push_back({3, 2, "$d = 32$", "d=32", 1, true});
  t.label = "tab:lb";
  t.caption = "Lower bounds.";
  t.provenance = "boundcheck X, \\texttt{table}";
  const std::string tex = render(t, Meta{}, Format::latex);
  CHECK(tex.find("\\multicolumn{4}{c}{$\\mathrm{LB}$} \\\\\n\\cmidrule(lr){2-5}\n") != std::string::npos);
  CHECK(tex.find(" & \\multicolumn{2}{c}{$d = 16$} & \\multicolumn{2}{c}{$d = 32$} \\\\\n"
                 "\\cmidrule(lr){2-3}\\cmidrule(lr){4-5}\n") != std::string::npos);
  CHECK(tex.find("{$r = 1$} & {$r = 4$}") != std::string::npos);
  CHECK(tex.find("\\caption{Lower bounds.}\\label{tab:lb}\n") != std::string::npos);
  // siunitx prints 0.08791 and 1000000 whole inside this table only; the provenance under it
  CHECK(tex.find("\\centering\n\\sisetup{group-digits=false}\n") != std::string::npos);
  CHECK(tex.find("\\end{tabular}\n\\par\\smallskip{\\footnotesize boundcheck X, \\texttt{table}\\par}\n"
                 "\\end{table}") != std::string::npos);
  t.group_digits = true;
  CHECK(render(t, Meta{}, Format::latex).find("sisetup") == std::string::npos);
  t.wide = true;
  CHECK(render(t, Meta{}, Format::latex).find("\\begin{table*}[htbp]") != std::string::npos);
  // the text table: the outer key centred over its two columns, a rule under it
  const std::string text = render(t, Meta{}, Format::table);
  std::istringstream lines(text);
  std::string l1, l2, l3;
  std::getline(lines, l1), std::getline(lines, l2), std::getline(lines, l3);
  CHECK(l1.find("d=16") != std::string::npos);
  CHECK(l1.find("d=32") > l1.find("d=16"));
  CHECK(l2.find("---") != std::string::npos);
  CHECK(l3.find("r=1") != std::string::npos);
  CHECK(l3.find("d=16,r=1") == std::string::npos);  // the group says d: the header says r only
  // Markdown: the outer level in the header row, the columns' headers as the first (bold) row
  const std::string md = render(t, Meta{}, Format::markdown);
  CHECK(md.rfind("|  | d=16 |  | d=32 |  |\n", 0) == 0);
  CHECK(md.find("| **H** | **r=1** | **r=4** | **r=1** | **r=4** |\n") != std::string::npos);
  const std::string html = render(t, Meta{}, Format::html);
  CHECK(html.find("<th class=\"group\" colspan=\"2\">d=16</th>") != std::string::npos);
  CHECK(html.find("<th scope=\"col\">r=4</th>") != std::string::npos);
  // CSV and JSON keep the full column names
  CHECK(render(t, Meta{}, Format::csv).rfind("H,\"d=16,r=1\",", 0) == 0);
}

TEST_CASE("tables: a longtable carries the label and the provenance in its last foot") {
  Table t;
  t.columns = {"n"};
  for (int i = 0; i < 70; ++i) t.add_row({Cell::of_int(i)});
  t.caption = "Many.";
  t.label = "tab:many";
  t.provenance = "boundcheck X";
  const std::string tex = render(t, Meta{}, Format::latex);
  CHECK(tex.find("\\begingroup\\sisetup{group-digits=false}\n\\begin{longtable}") != std::string::npos);
  CHECK(tex.find("\\caption{Many.}\\label{tab:many}\\\\\n") != std::string::npos);
  CHECK(tex.find("\\bottomrule\n\\multicolumn{1}{c}{\\footnotesize boundcheck X}\\\\\n\\endlastfoot\n") !=
        std::string::npos);
  CHECK(tex.find("\\end{longtable}\n\\endgroup\n") != std::string::npos);
}

// LaTeX's longtable refuses two-column mode ("longtable not in 1-column mode"), the mode a table*
// is for: a wide table stays a table* however long (tests/paper_twocolumn.sh compiles one).
TEST_CASE("tables: a long table* for a two-column paper is never a longtable") {
  Table t;
  t.columns = {"n"};
  for (int i = 0; i < 70; ++i) t.add_row({Cell::of_int(i)});
  t.caption = "Many.";
  t.label = "tab:many";
  t.provenance = "boundcheck X";
  t.wide = true;
  const std::string tex = render(t, Meta{}, Format::latex);
  CHECK(tex.find("longtable") == std::string::npos);
  CHECK(tex.find("\\begin{table*}[htbp]\n\\centering\n\\sisetup{group-digits=false}\n\\caption{Many.}"
                 "\\label{tab:many}\n\\begin{tabular}") != std::string::npos);
  CHECK(tex.find("69 \\\\\n\\bottomrule\n\\end{tabular}\n\\par\\smallskip{\\footnotesize boundcheck X\\par}\n"
                 "\\end{table*}\n") != std::string::npos);
}

TEST_CASE("csv: a text cell a spreadsheet would run as a formula gets a leading quote") {
  Table t;
  t.columns = {"claim", "=x", "v"};
  for (const char* s : {"=HYPERLINK(\"http://x\")", "+cmd|' /C calc'!A0", "-2+3+cmd|x", "@SUM(A1)", "\tx",
                        "plain", "-0.5", "[-1 +/- 2e-30]", "-5*sqrt(15)/128"})
    t.add_row({Cell::of_text(s), Cell::of_text("a"), Cell::of_real(s)});
  const std::string csv = render(t, Meta{}, Format::csv);
  std::istringstream in(csv);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  CHECK(lines[0] == "claim,'=x,v");
  CHECK(lines[1].rfind("\"'=HYPERLINK(\"\"http://x\"\")\",", 0) == 0);
  CHECK(lines[2].rfind("'+cmd|' /C calc'!A0,", 0) == 0);
  CHECK(lines[3].rfind("'-2+3+cmd|x,", 0) == 0);
  CHECK(lines[4].rfind("'@SUM(A1),", 0) == 0);
  CHECK(lines[6] == "plain,a,plain");
  // numbers keep their sign, whatever their kind
  CHECK(lines[7] == "-0.5,a,-0.5");
  CHECK(lines[8] == "[-1 +/- 2e-30],a,[-1 +/- 2e-30]");
  CHECK(lines[9] == "-5*sqrt(15)/128,a,-5*sqrt(15)/128");
  // a formula-like text in a numeric kind (a shard file may say anything) is caught as well
  CHECK(lines[1].find(",\"'=HYPERLINK(") != std::string::npos);
}
