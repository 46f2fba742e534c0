// Issue 20 §1/§1b: --output never replaces what it writes to; figure text is inert; output paths
// from files stay in the working directory. Expected behaviour comes from POSIX (a FIFO and a
// device node keep their type and inode after a write) and from gnuplot's documented quoting
// rules (single-quoted strings: no backslash, backquote or macro processing; '' is a quote).
#include "core/errors.hpp"
#include "core/visible_text.hpp"
#include "output/atomic_file.hpp"
#include "output/html.hpp"
#include "output/html_text.hpp"
#include "output/latex_text.hpp"
#include "output/output_path.hpp"
#include "output/plot.hpp"
#include "output/plot_template.hpp"
#include "output/plot_text.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using namespace bc::out;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "bc_safety_XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Cwd {  // runs a block in another working directory
  fs::path old = fs::current_path();
  explicit Cwd(const fs::path& p) { fs::current_path(p); }
  ~Cwd() { fs::current_path(old); }
};

}  // namespace

TEST_CASE("output safety: a FIFO is written through and stays a FIFO") {
  TempDir d;
  const fs::path fifo = d.path / "pipe";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  struct stat before {};
  REQUIRE(stat(fifo.c_str(), &before) == 0);
  std::string got;
  std::thread reader([&] { got = slurp(fifo); });
  write_atomic(fifo.string(), "through the pipe\n");
  reader.join();
  CHECK(got == "through the pipe\n");
  struct stat after {};
  REQUIRE(stat(fifo.c_str(), &after) == 0);
  CHECK(S_ISFIFO(after.st_mode));
  CHECK(after.st_ino == before.st_ino);
}

TEST_CASE("output safety: a character device node is written through and stays a device") {
  TempDir d;
  const fs::path dev = d.path / "null";
  // a second /dev/null (major 1, minor 3) in a temporary directory, never the real one
  if (mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    MESSAGE("mknod not permitted here (not root or nodev): skipped");
    return;
  }
  struct stat before {};
  REQUIRE(stat(dev.c_str(), &before) == 0);
  write_atomic(dev.string(), "discarded\n");
  struct stat after {};
  REQUIRE(stat(dev.c_str(), &after) == 0);
  CHECK(S_ISCHR(after.st_mode));
  CHECK(after.st_rdev == before.st_rdev);
  CHECK(after.st_ino == before.st_ino);
  size_t n = 0;
  for (auto& e : fs::directory_iterator(d.path)) (void)e, ++n;
  CHECK(n == 1);  // no temporary left beside it
}

TEST_CASE("output safety: a symlink keeps pointing at its file, which gets the new text") {
  TempDir d;
  fs::create_directory(d.path / "sub");
  { std::ofstream(d.path / "sub" / "real.txt") << "old\n"; }
  fs::create_symlink("sub/real.txt", d.path / "link.txt");
  write_atomic((d.path / "link.txt").string(), "new\n");
  CHECK(fs::is_symlink(d.path / "link.txt"));
  CHECK(fs::read_symlink(d.path / "link.txt") == "sub/real.txt");
  CHECK(slurp(d.path / "sub" / "real.txt") == "new\n");
  // a dangling link creates its target
  fs::create_symlink("sub/made.txt", d.path / "dangling.txt");
  write_atomic((d.path / "dangling.txt").string(), "made\n");
  CHECK(fs::is_symlink(d.path / "dangling.txt"));
  CHECK(slurp(d.path / "sub" / "made.txt") == "made\n");
}

TEST_CASE("output safety: directories are refused, regular files keep their mode") {
  TempDir d;
  CHECK_THROWS_AS(write_atomic(d.path.string(), "x"), bc::UsageError);
  const fs::path f = d.path / "f.txt";
  { std::ofstream(f) << "a"; }
  fs::permissions(f, fs::perms::owner_read | fs::perms::owner_write);
  write_atomic(f.string(), "b");
  CHECK(slurp(f) == "b");
  CHECK((fs::status(f).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
  CHECK(is_write_through("/dev/stdout"));
  CHECK(is_write_through("/dev/fd/1"));
  CHECK(!is_write_through(f.string()));
}

TEST_CASE("output safety: paths from a file stay inside the working directory") {
  TempDir d;
  fs::create_directory(d.path / "w");
  { std::ofstream(d.path / "w" / "spec.toml") << "x"; }
  fs::create_directory_symlink(d.path, d.path / "w" / "up");
  Cwd cwd(d.path / "w");
  const std::vector<std::string> in = {"spec.toml"};
  CHECK_NOTHROW(check_output_path("out.csv", PathOrigin::file, in, "outputs"));
  CHECK_NOTHROW(check_output_path("sub/../out.csv", PathOrigin::file, in, "outputs"));
  CHECK_THROWS_AS(check_output_path("../out.csv", PathOrigin::file, in, "outputs"), bc::UsageError);
  CHECK_THROWS_AS(check_output_path("/tmp/out.csv", PathOrigin::file, in, "outputs"), bc::UsageError);
  CHECK_THROWS_AS(check_output_path("up/out.csv", PathOrigin::file, in, "outputs"), bc::UsageError);
  CHECK_THROWS_AS(check_output_path("a\nb.csv", PathOrigin::file, in, "outputs"), bc::UsageError);
  // the command line may write anywhere, but never over an input or onto a directory
  CHECK_NOTHROW(check_output_path("../out.csv", PathOrigin::command_line, in, "--output"));
  CHECK_THROWS_AS(check_output_path("spec.toml", PathOrigin::command_line, in, "--output"), bc::UsageError);
  CHECK_THROWS_AS(check_output_path("./spec.toml", PathOrigin::command_line, in, "--output"), bc::UsageError);
  CHECK_THROWS_AS(check_output_path(".", PathOrigin::command_line, in, "--output"), bc::UsageError);
}

TEST_CASE("output safety: figure text is one printable line without ` or @") {
  CHECK(plot_text_problem("heads H, eps = ln(d/r)/ln H").empty());
  CHECK(plot_text_problem("ε → 0, ℓ ≤ 10^{6}").empty());  // UTF-8 and enhanced-text markup are fine
  for (const char* bad : {"`touch x`", "@macro", "a\nb", "a\rb", "a\tb", "\x1b[31m",
                          "a\xe2\x80\xae"
                          "b",
                          "a\xe2\x80\xa8"
                          "b",
                          "\xef\xbb\xbf"
                          "bom",
                          "\xc3", "\xc0\xaf", "\xed\xa0\x80", "\x7f"})
    CHECK_MESSAGE(!plot_text_problem(bad).empty(), bad);
  CHECK(!plot_text_problem(std::string(kMaxPlotText + 1, 'a')).empty());
  CHECK(gnuplot_literal("it's", "t") == "'it''s'");
  CHECK(gnuplot_literal("a\\nb \"c\"", "t") == "'a\\nb \"c\"'");
  CHECK_THROWS_AS(gnuplot_literal("`x`", "t"), bc::UsageError);
}

TEST_CASE("output safety: LaTeX text is escaped, plain numbers are recognised") {
  CHECK(latex_escape("\\input{/etc/passwd}") == "\\textbackslash{}input\\{/etc/passwd\\}");
  CHECK(latex_escape("a\nb%c") == "a b\\%c");
  CHECK(latex_escape("$&#^_~") == "\\$\\&\\#\\textasciicircum{}\\_\\textasciitilde{}");
  // OT1 would print these as inverted marks and a dash: E|sign<z,y>| must read as typed
  CHECK(latex_escape("E|s<z,y>|") == "E\\textbar{}s\\textless{}z,y\\textgreater{}\\textbar{}");
  CHECK(latex_plain_number("-sqrt(7)/8"));
  CHECK(latex_plain_number("[1.25e-7 +/- 3e-30]"));
  CHECK(!latex_plain_number("\\input{x}"));
  CHECK(!latex_plain_number("9^{x}"));
  CHECK(one_line_text("a\nb") == "a b");
}

TEST_CASE("output safety: generated gnuplot scripts stay inside the template") {
  Table t;
  t.columns = {"x", "series", "y", "lo", "hi", "err"};
  for (int r = 1; r <= 6; ++r)
    t.add_row({Cell::of_int(r), Cell::of_text(r % 2 ? "it's odd" : "even (2k)"), Cell::of_double(1.0 / r),
               Cell::of_exact("1/8"), Cell::of_real("[0.5 +/- 1e-3]"), Cell::of_double(0.01)});
  Plot p;
  p.x = "x", p.y = {"y"}, p.series = {"series"}, p.y_lo = "lo", p.y_hi = "hi", p.yerr = "err";
  p.title = "LB(64, r, H): it's certified", p.xlabel = "heads H", p.ylabel = "10^{-3} ε";
  p.logx = p.logy = true;
  p.xrange = "[1:10]", p.yrange = "[0.001:2]", p.key = "below";
  p.guides.push_back({"talk: eps = ln(d/r)/ln H", [](double x) { return 1 / x; }});
  p.overlays.push_back({"paper's Table 1", {{1, 1}, {2, 0.5}}});
  for (const char* fig : {"f.svg", "f.png", "f.pdf"}) {
    const std::string s = gnuplot_script(t, p, fig);
    CHECK_MESSAGE(script_outside_template(s).empty(), script_outside_template(s));
    CHECK(s.find("'it''s odd'") == std::string::npos);         // series values are in titles...
    CHECK(s.find("series = it''s odd") != std::string::npos);  // ...quoted by doubling
  }
  // the checker itself: each line a hostile string could have produced is caught
  const std::string ok =
      "set terminal svg\nset output 'figure.svg'\n$d0 << EOD\n1 2\nEOD\nplot $d0 using 1:2 title 'a'\n";
  CHECK(script_outside_template(ok).empty());
  for (const char* bad :
       {"set title 'a'\nsystem('touch x')\n", "set title \"`touch x`\"\n", "set title 'a' ; system 'x'\n",
        "set output 'a'\nload 'b'\n", "$d0 << EOD\n1 2\nprint 1\nEOD\n", "set title 'unterminated\n",
        "set title @macro\n", "$d0 << EOD\n1 2\n", "plot '< touch x' using 1:2\n", "call 'x'\n",
        "set xlabel 'a' noenhanced\nset print '|sh'\n"})
    CHECK_MESSAGE(!script_outside_template(bad).empty(), bad);
}

TEST_CASE("output safety: HTML text is escaped, never markup") {
  CHECK(html_escape("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
  CHECK(html_escape("a & \"b\"") == "a &amp; &quot;b&quot;");
  CHECK(html_escape("ε ≤ 1") == "ε ≤ 1");                      // UTF-8 passes
  CHECK(html_escape("a\xff b") == "a\xEF\xBF\xBD b");          // malformed byte: U+FFFD
  CHECK(html_escape("x\xE2\x80\xAEy") == "x\\u202ey");         // right-to-left override, shown
  CHECK(html_escape("a\x01\x1b[31mb") == "a\\x01\\x1b[31mb");  // control characters, shown
  CHECK(html_id("talk-B l.643 <x>") == "talk-B-l-643--x-");
  // a whole report of hostile strings: no element, attribute or URL comes from them
  Table t;
  t.command = "verify</title><script>x()</script>";
  t.columns = {"id", "claim\"><img src=x onerror=y()>", "source", "verdict"};
  t.add_row({Cell::of_text("a<b"), Cell::of_text("<script>z()</script>"),
             Cell::of_text("talk-H l.644 <a href='javascript:z()'>"), Cell::of_text("holds")});
  t.add_row(
      {Cell::of_text("c"), Cell::of_text("d"), Cell::of_text("paper-L l.28-38"), Cell::of_text("fails")});
  t.notes = {"<iframe src=//evil>"};
  Meta m;
  m.about = {{"Source", "talk-B l.643 <b>"}};
  m.invocation = "boundcheck verify --id '<x>'";
  m.source_line = [](const std::string& doc, long n) {
    return doc == "talk-B" && n == 643 ? std::string("dim(V_l) := N(d,l) </blockquote><script>") : "";
  };
  const std::string h = render_html(t, m);
  CHECK(h.find("<script") == std::string::npos);
  CHECK(h.find("<iframe") == std::string::npos);
  CHECK(h.find("<img src=x") == std::string::npos);
  CHECK(h.find("&lt;img src=x onerror=y()&gt;") != std::string::npos);  // shown as text
  CHECK(h.find("&lt;script&gt;z()&lt;/script&gt;") != std::string::npos);
  CHECK(h.find("href='javascript") == std::string::npos);
  CHECK(h.find("href=\"javascript") == std::string::npos);
  // verdicts coloured, references linked to their quoted lines
  CHECK(h.find("<td class=\"verdict holds\">holds</td>") != std::string::npos);
  CHECK(h.find("<td class=\"verdict fails\">fails</td>") != std::string::npos);
  CHECK(h.find("<a href=\"#src-talk-H-644-644\">l.644</a>") != std::string::npos);
  CHECK(h.find("<a href=\"#src-paper-L-28-38\">l.28-38</a>") != std::string::npos);
  CHECK(h.find("id=\"src-talk-B-643-643\"") != std::string::npos);
  CHECK(h.find("643: dim(V_l) := N(d,l) &lt;/blockquote&gt;&lt;script&gt;") != std::string::npos);
  CHECK(h.find("<p class=\"summary\" id=\"summary\"><span class=\"holds\">1 holds</span>") !=
        std::string::npos);
}

// Issue 29 §2: verify prints what a claim's evidence can show (consistent, not certified, not
// testable, ...); the report colours them by group and counts each word as printed, so a page never
// counts "consistent" as "holds".
TEST_CASE("output: HTML verdict words beyond holds / fails / undecided") {
  Table t;
  t.command = "verify";
  t.columns = {"id", "verdict"};
  for (const char* v : {"holds", "consistent", "consistent", "not certified", "undecided: extend the grid",
                        "inconsistent", "not testable"})
    t.add_row({Cell::of_text("x"), Cell::of_text(v)});
  const std::string h = render_html(t, Meta{});
  CHECK(h.find("<td class=\"verdict holds\">consistent</td>") != std::string::npos);
  CHECK(h.find("<td class=\"verdict fails\">inconsistent</td>") != std::string::npos);
  CHECK(h.find("<td class=\"verdict undecided\">not certified</td>") != std::string::npos);
  CHECK(h.find("<tr class=\"undecided\"><td>x</td><td class=\"verdict undecided\">not testable</td>") !=
        std::string::npos);
  CHECK(h.find("<p class=\"summary\" id=\"summary\"><span class=\"holds\">1 holds</span><span "
               "class=\"holds\">2 consistent</span><span class=\"fails\">0 fails</span><span "
               "class=\"fails\">1 inconsistent</span><span class=\"undecided\">0 undecided</span><span "
               "class=\"undecided\">1 not certified</span><span class=\"undecided\">1 undecided: extend the "
               "grid</span><span class=\"undecided\">1 not testable</span></p>") != std::string::npos);
}

TEST_CASE("output: LaTeX headers as plain figure text") {
  CHECK(latex_to_plain("$H_{\\min}$") == "H_{min}");
  CHECK(latex_to_plain("$\\binom{r+\\ell-1}{\\ell}$") == "C(r+ℓ-1, ℓ)");
  CHECK(latex_to_plain("$\\mathrm{LB}(64, r, H)$") == "LB(64, r, H)");
  CHECK(latex_to_plain("$\\varepsilon$") == "ε");
  CHECK(latex_to_plain("$N_{\\mathrm{Tr}}(L)$") == "N_{Tr}(L)");
  CHECK(latex_to_plain("$\\sum_{k\\le\\ell} c_k^2$") == "Σ_{k≤ℓ} c_{k}^{2}");
  CHECK(latex_to_plain("$\\frac{a}{b}$ and \\sqrt{2}") == "a/b and √(2)");
  CHECK(latex_to_plain("\\input{/etc/passwd}") == "input/etc/passwd");  // text, never an input
}

TEST_CASE("output: a pivot's header spans its value columns, a standalone document wraps the table") {
  Table t;
  t.command = "table";
  t.columns = {"d", "r=1", "r=2"};
  t.add_row({Cell::of_int(16), Cell::of_double(0.5), Cell::of_double(0.25)});
  t.groups.push_back({1, 2, "$\\mathrm{LB}(d,4,H)$", "LB(d,4,H)"});
  const std::string tex = render(t, Meta{}, Format::latex);
  CHECK(tex.find(" & \\multicolumn{2}{c}{$\\mathrm{LB}(d,4,H)$} \\\\\n\\cmidrule(lr){2-3}\n") !=
        std::string::npos);
  CHECK(tex.find("\\documentclass") == std::string::npos);
  Meta m;
  m.standalone = true;
  t.notes = {"50% of 10_000 & more"};
  const std::string doc = render(t, m, Format::latex);
  CHECK(doc.rfind("\\documentclass{article}\n", 0) == 0);
  CHECK(doc.find("\\usepackage{amsmath}") != std::string::npos);
  CHECK(doc.find("\\item 50\\% of 10\\_000 \\& more") != std::string::npos);
  CHECK(doc.find(tex) != std::string::npos);
  CHECK(doc.substr(doc.size() - 15) == "\\end{document}\n");
  const std::string html = render(t, Meta{}, Format::html);
  CHECK(html.find("<th class=\"group\" colspan=\"2\">LB(d,4,H)</th>") != std::string::npos);
}

TEST_CASE("output safety: a .tex figure is the template too, and LaTeX-escapes spec text") {
  Table t;
  t.columns = {"H", "lo", "r"};
  for (int r = 1; r <= 3; ++r) t.add_row({Cell::of_int(r * 10), Cell::of_double(1.0 / r), Cell::of_int(4)});
  t.labels["lo"] = "$\\mathrm{LB}$";
  t.labels["r"] = "$r$";
  Plot p;
  p.x = "H", p.y = {"lo"}, p.series = {"r"};
  p.title = "50% & {more} \\input{x}";
  p.guides.push_back({"x^_1 #", [](double x) { return 1 / x; }});
  const std::string s = gnuplot_script(t, p, "fig.tex");
  CHECK_MESSAGE(script_outside_template(s).empty(), script_outside_template(s));
  CHECK(s.find("set terminal cairolatex pdf input colortext size 3.058in,2.166in") != std::string::npos);
  CHECK(s.find("set title '50\\% \\& \\{more\\} \\textbackslash{}input\\{x\\}'") != std::string::npos);
  CHECK(s.find("set ylabel '$\\mathrm{LB}$'") != std::string::npos);  // a [labels] header: LaTeX
  CHECK(s.find("set xlabel 'H'") != std::string::npos);               // a bare column name: escaped text
  CHECK(s.find("title '$r = 4$'") != std::string::npos);              // one math group: $r = 4$
  CHECK(s.find("title 'x\\textasciicircum{}\\_1 \\#'") != std::string::npos);
  // the range is fitted to the data (1/3 .. 1), not to the guide
  CHECK(s.find("set yrange [") != std::string::npos);
  p.style = "two-column";  // \textwidth, drawn at its narrowest standard size (452 pt), scaled by LaTeX
  CHECK(gnuplot_script(t, p, "fig.tex").find("size 6.254in,2.689in") != std::string::npos);
  p.style = "poster";
  CHECK_THROWS_AS(gnuplot_script(t, p, "fig.tex"), bc::UsageError);
  CHECK(plot_files("figs/lb.tex") == std::vector<std::string>{"figs/lb.tex", "figs/lb.pdf"});
  CHECK(plot_files("lb.svg") == std::vector<std::string>{"lb.svg"});
}

// Issue 38 §1: text from a file (a catalogue's published value, a spec's column name, a claim id)
// never reaches a terminal or a document raw. The escapes expected below are written by hand from
// the rule in core/visible_text.hpp (C0 and DEL as \xNN, C1 and bidi controls as \uXXXX, a byte
// outside well-formed UTF-8 as \xNN), not copied from the program's output.
namespace {

// The published string of issue 38 §1: an OSC title, BEL, CR, a fake row and "conceal" (ESC [ 8 m).
const std::string kSpoof = "6\x1b]0;owned-title\x07\rx.spoof  6  6 == 6: true   holds    exact\x1b[8m";
const std::string kSpoofShown =
    "6\\x1b]0;owned-title\\x07\\x0dx.spoof  6  6 == 6: true   holds    exact\\x1b[8m";

// Every byte of `s` that a terminal would act on, or that reorders text: "" when there is none.
std::string raw_control(const std::string& s, bool allow_newline) {
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = bc::utf8_decode(s, i, cp);
    if (n == 0) return fmt::format("malformed byte {} at {}", static_cast<unsigned char>(s[i]), i);
    if (bc::spoofing_code_point(cp) && !(allow_newline && cp == '\n'))
      return fmt::format("U+{:04X} at byte {}", cp, i);
    i += n;
  }
  return "";
}

}  // namespace

TEST_CASE("output safety: visible_text escapes controls, bidi and malformed bytes, nothing else") {
  using bc::visible_text;
  CHECK(visible_text(kSpoof) == kSpoofShown);
  CHECK(visible_text(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(visible_text("\t\n\r\x7f") == "\\x09\\x0a\\x0d\\x7f");
  CHECK(visible_text("\xc2\x85\xc2\x9b") == "\\u0085\\u009b");  // C1: NEL and CSI
  // the bidirectional controls, one by one, and the line and paragraph separators
  const std::pair<const char*, const char*> bidi[] = {
      {"\xd8\x9c", "\\u061c"},     {"\xe2\x80\x8e", "\\u200e"}, {"\xe2\x80\x8f", "\\u200f"},
      {"\xe2\x80\xaa", "\\u202a"}, {"\xe2\x80\xab", "\\u202b"}, {"\xe2\x80\xac", "\\u202c"},
      {"\xe2\x80\xad", "\\u202d"}, {"\xe2\x80\xae", "\\u202e"}, {"\xe2\x81\xa6", "\\u2066"},
      {"\xe2\x81\xa7", "\\u2067"}, {"\xe2\x81\xa8", "\\u2068"}, {"\xe2\x81\xa9", "\\u2069"},
      {"\xe2\x80\xa8", "\\u2028"}, {"\xe2\x80\xa9", "\\u2029"}};
  for (const auto& pair : bidi) {
    const std::string raw = pair.first, shown = pair.second;  // doctest's macros capture: no bindings
    CHECK_MESSAGE(visible_text(std::string("x") + raw + "y") == std::string("x") + shown + "y", shown);
  }
  // malformed: a lone continuation byte, an overlong '/', a surrogate, a truncated sequence, 0xFF
  CHECK(visible_text("\x80") == "\\x80");
  CHECK(visible_text("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(visible_text("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  CHECK(visible_text("a\xe2\x80") == "a\\xe2\\x80");
  CHECK(visible_text("\xff") == "\\xff");
  // printable text passes unchanged: ASCII with a backslash, Greek, a fullwidth digit, an emoji,
  // and the neighbours of the escaped ranges (U+00A0, U+061B, U+200D, U+2027, U+202F, U+2065, U+206A)
  for (const char* ok :
       {"a\\x1b b", "ε ≤ 1, ℓ → ∞", "\xef\xbc\x91", "\xf0\x9f\x98\x80", "\xc2\xa0", "\xd8\x9b",
        "\xe2\x80\x8d", "\xe2\x80\xa7", "\xe2\x80\xaf", "\xe2\x81\xa5", "\xe2\x81\xaa"}) {
    CHECK_MESSAGE(visible_text(ok) == ok, ok);
    CHECK(bc::text_is_visible(ok));
  }
  CHECK(!bc::text_is_visible(kSpoof));
  size_t len = 0;
  CHECK(bc::char_at("\xef\xbc\x91 == 1", 0, len) == "\xef\xbc\x91");  // the whole character
  CHECK(len == 3);
  CHECK(bc::char_at(std::string("1 \0", 3), 2, len) == "\\x00");
  CHECK(bc::char_at("\xef\xbc", 0, len) == "\\xef");  // a truncated sequence: its first byte
  CHECK(len == 1);
  CHECK(bc::char_at("ab", 2, len) == "end of text");
}

TEST_CASE("output safety: a hostile text cell, column name and group are visible in every format") {
  Table t;
  t.command = "verify";
  const std::string rtl_id =
      "x.rtl\xe2\x80\xae"
      "cba";
  t.columns = {"id", "published", "x\x1b]0;t\x07\rN", "verdict"};
  t.add_row({Cell::of_text(rtl_id), Cell::of_text(kSpoof), Cell::of_int(4), Cell::of_text("fails")});
  t.add_row({Cell::of_text("ok"), Cell::of_exact("1\x1b[2J"), Cell::of_int(5), Cell::of_text("holds")});
  t.groups.push_back({2, 2, "$g$", "grp\x1b[31m", 0, true});
  t.notes = {"note \x1b]0;n\x07"};
  Meta m;
  m.standalone = true;
  for (Format f : {Format::table, Format::csv, Format::markdown, Format::latex, Format::html}) {
    const std::string o = render(t, m, f);
    CAPTURE(o);
    CHECK(raw_control(o, true).empty());
    CHECK(o.find("fails") != std::string::npos);
    if (f == Format::latex) {  // LaTeX: C0 controls are spaces, the override is shown
      CHECK(o.find("x.rtl\\textbackslash{}u202ecba") != std::string::npos);
      CHECK(o.find("6 ]0;owned-title  x.spoof") != std::string::npos);
      continue;
    }
    CHECK(o.find("\\u202e") != std::string::npos);
    CHECK(o.find("owned-title") != std::string::npos);
    if (f == Format::markdown) {  // Markdown escapes the escape's backslash; a line break is a space
      CHECK(o.find("6\\\\x1b\\]0;owned-title\\\\x07 x.spoof") != std::string::npos);
      continue;
    }
    CHECK(o.find("6\\x1b]0;owned-title\\x07\\x0dx.spoof") != std::string::npos);
    CHECK(o.find("x\\x1b]0;t\\x07\\x0dN") != std::string::npos);
    CHECK(o.find("1\\x1b[2J") != std::string::npos);
    if (f != Format::csv) CHECK(o.find("grp\\x1b[31m") != std::string::npos);
  }
  // JSON escapes controls itself and keeps the text exactly: it reads back as written
  const std::string j = render(t, m, Format::json);
  CHECK(j.find('\x1b') == std::string::npos);
  CHECK(j.find('\r') == std::string::npos);
  const auto back = nlohmann::json::parse(j);
  CHECK(back["rows"][0]["published"] == kSpoof);
  CHECK(back["rows"][0]["id"] == rtl_id);
  CHECK(back["columns"][2] == "x\x1b]0;t\x07\rN");
}

TEST_CASE("output safety: the text table keeps its columns aligned around an escaped cell") {
  Table t;
  t.columns = {"a", "b"};
  t.add_row({Cell::of_text("\x1b[8m"), Cell::of_text("z")});
  t.add_row({Cell::of_text("long text"), Cell::of_text("z")});
  const std::string o = render(t, Meta{}, Format::table);
  // "\x1b[8m" is shown as 7 characters: the column is 9 wide ("long text"), z starts at column 11
  CHECK(o == "a          b\n---------  -\n\\x1b[8m    z\nlong text  z\n");
}

TEST_CASE("output safety: CSV quotes as before and escapes what a terminal would act on") {
  Table t;
  t.columns = {"a", "b"};
  t.add_row({Cell::of_text("x,y"), Cell::of_text("=1+\x1b[8m")});
  t.add_row({Cell::of_text("line\nbreak"), Cell::of_text("ε")});
  const std::string o = render(t, Meta{}, Format::csv);
  CHECK(o == "a,b\n\"x,y\",'=1+\\x1b[8m\nline\\x0abreak,ε\n");
}
