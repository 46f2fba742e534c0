// End-to-end tests of the paper author's job (issue 28): a d x r x H grid in one spec, pivoted on
// several keys and drawn with a curve per (d, r); swept keys never merged silently; --set from the
// command line, in shard files and their digests; plan and status checking a spec as table does;
// the HTML reports. References come from reasoning about the grid (which cell holds which row of
// the long table, which digest a file must carry), not from the program's own output.
#include "run.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

using bc::test::line_count;
using bc::test::run_boundcheck;
namespace fs = std::filesystem;

namespace {

struct PaperDir {
  fs::path path;
  PaperDir() {
    static int n = 0;
    path = fs::temp_directory_path() / fmt::format("bc_paper_{}_{}", getpid(), n++);
    fs::create_directories(path);
  }
  ~PaperDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

std::string read_all(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

/// The d x r x H grid of rank bound (double kernel: milliseconds), without layout or plot.
const char* kGrid = R"(command = "rank bound"
digits = 6
[fixed]
kernel = "double"
[sweep]
d = [16, 32]
r = [1, 4]
H = [1, 10, 1000]
)";

const char* kPivotPlot = R"([layout]
rows = "H"
cols = ["d", "r"]
value = "lo"
[plot]
x = "H"
y = "lo"
series = ["d", "r"]
logx = true
)";

/// A refusal as every front end must give it: exit 2, one line on stderr, nothing on stdout.
void refused(const bc::test::Run& r, const std::string& needle) {
  INFO(r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(line_count(r.err) == 1);
  CHECK(r.err.find(needle) != std::string::npos);
}

}  // namespace

TEST_CASE("table: a pivot on d and r holds each long row's value in its own cell") {
  PaperDir tmp;
  auto lg = run_boundcheck({"table", "--spec", tmp.file("long.toml", kGrid), "--format", "json"});
  REQUIRE(lg.code == 0);
  // the reference: the long rows, keyed by (H, d, r)
  std::map<std::tuple<std::string, int, int>, nlohmann::json> want;
  const auto long_rows = nlohmann::json::parse(lg.out);  // held: the loop reads into it
  for (const auto& row : long_rows["rows"])
    want[{row["H"].get<std::string>(), row["d"].get<int>(), row["r"].get<int>()}] = row["lo"];
  REQUIRE(want.size() == 12);
  const std::string spec = tmp.file("pivot.toml", std::string(kGrid) + kPivotPlot);
  auto pj = run_boundcheck({"table", "--spec", spec, "--format", "json"});
  INFO(pj.err);
  REQUIRE(pj.code == 0);
  const auto j = nlohmann::json::parse(pj.out);
  CHECK(j["columns"] == nlohmann::json({"H", "d=16,r=1", "d=16,r=4", "d=32,r=1", "d=32,r=4"}));
  REQUIRE(j["rows"].size() == 3);
  size_t cells = 0;
  for (const auto& row : j["rows"])
    for (int d : {16, 32})
      for (int r : {1, 4}) {
        CHECK(row[fmt::format("d={},r={}", d, r)] == want[{row["H"].get<std::string>(), d, r}]);
        ++cells;
      }
  CHECK(cells == 12);
  // LaTeX: d over r, with \cmidrule groups; the text table and Markdown show the same two levels
  auto tex = run_boundcheck({"table", "--spec", spec, "--format", "latex"});
  REQUIRE(tex.code == 0);
  CHECK(tex.out.find("\\multicolumn{2}{c}{$d = 16$} & \\multicolumn{2}{c}{$d = 32$} \\\\\n"
                     "\\cmidrule(lr){2-3}\\cmidrule(lr){4-5}") != std::string::npos);
  CHECK(tex.out.find("{$r = 1$} & {$r = 4$} & {$r = 1$} & {$r = 4$}") != std::string::npos);
  auto txt = run_boundcheck({"table", "--spec", spec});
  REQUIRE(txt.code == 0);
  CHECK(txt.out.find("d=16") < txt.out.find("d=32"));
  CHECK(txt.out.find("r=1") > txt.out.find("d=32"));
  auto md = run_boundcheck({"table", "--spec", spec, "--format", "markdown"});
  REQUIRE(md.code == 0);
  CHECK(md.out.find("| **H** | **r=1** | **r=4** | **r=1** | **r=4** |") != std::string::npos);
  // the figure is drawn from the long rows whatever the layout: y = "lo" is a column there
  if (!have_gnuplot()) return;
  const std::string svg = (tmp.path / "f.svg").string();
  auto fig = run_boundcheck({"table", "--spec", spec, "--plot", svg, "--format", "csv"});
  INFO(fig.err);
  REQUIRE(fig.code == 0);
  const std::string s = read_all(svg);
  for (int d : {16, 32})
    for (int r : {1, 4}) CHECK(s.find(fmt::format("d = {}, r = {}", d, r)) != std::string::npos);
}

TEST_CASE("table: a swept key that is neither x nor a series key is refused with the fix") {
  PaperDir tmp;
  const std::string merged = tmp.file("merged.toml", std::string(kGrid) + R"([plot]
x = "H"
y = "lo"
series = "d"
)");
  auto r = run_boundcheck({"table", "--spec", merged});
  refused(r, "merged.toml:9: [plot]: the sweep varies r ([sweep] r (line 7))");
  CHECK(r.err.find("series = [\"d\", \"r\"]") != std::string::npos);
  CHECK(r.err.find("[fixed] r = 1") != std::string::npos);
  CHECK(r.err.find("--set r=1") != std::string::npos);
  refused(run_boundcheck({"table", "plan", "--spec", merged}), "the sweep varies r");
  // fixed from the command line, it is one curve per d again
  auto fixed = run_boundcheck({"table", "--spec", merged, "--set", "r=4", "--format", "csv"});
  INFO(fixed.err);
  CHECK(fixed.code == 0);
  // a pivot that would put two points in one cell is refused the same way
  const std::string cell =
      tmp.file("cell.toml", std::string(kGrid) + "[layout]\nrows = \"H\"\ncols = \"d\"\nvalue = \"lo\"\n");
  auto c = run_boundcheck({"table", "--spec", cell});
  refused(c, "[layout]: the sweep varies r");
  CHECK(c.err.find("cols = [\"d\", \"r\"]") != std::string::npos);
}

TEST_CASE("table --set: a fixed value or a sweep with did-you-mean and provenance") {
  PaperDir tmp;
  const std::string spec = tmp.file("g.toml", kGrid);
  // --set r=4 is the spec with [fixed] r = 4 (the same rows, byte for byte)
  const std::string fixed = tmp.file("f.toml", R"(command = "rank bound"
digits = 6
[fixed]
kernel = "double"
r = 4
[sweep]
d = [16, 32]
H = [1, 10, 1000]
)");
  auto a = run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--format", "csv"});
  auto b = run_boundcheck({"table", "--spec", fixed, "--format", "csv"});
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  CHECK(a.out == b.out);
  CHECK(line_count(a.out) == 1 + 2 * 3);
  // a TOML list sweeps: d = 16, 64, 128 instead of 16, 32
  auto sw = run_boundcheck(
      {"table", "--spec", spec, "--set", "d=[16, 64, 128]", "--set", "r=1", "--format", "json"});
  INFO(sw.err);
  REQUIRE(sw.code == 0);
  const auto j = nlohmann::json::parse(sw.out);
  CHECK(j["rows"].size() == 9);
  CHECK(j["rows"][8]["d"] == 128);
  CHECK(j["params"]["set"] == nlohmann::json({"d = [16, 64, 128]", "r = 1"}));
  // a range too, and a flag
  auto rg = run_boundcheck(
      {"table", "--spec", spec, "--set", "H={from=1, to=100, per_decade=1}", "--format", "csv"});
  REQUIRE(rg.code == 0);
  CHECK(line_count(rg.out) == 1 + 2 * 2 * 3);
  // the overrides go in the LaTeX file's header comment as typed (issue 36: the footer printed
  // "to = 10000.0", the TOML re-print of 1e4), not into the camera-ready footer
  auto tex = run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--set",
                             "H={from=1, to=1e4, per_decade=1}", "--format", "latex"});
  REQUIRE(tex.code == 0);
  CHECK(tex.out.find("% --set r=4\n") != std::string::npos);
  CHECK(tex.out.find("% --set H={from=1, to=1e4, per_decade=1}\n") != std::string::npos);
  CHECK(tex.out.find("% spec: " + spec + "\n") != std::string::npos);
  CHECK(tex.out.find("10000.0") == std::string::npos);
  CHECK(tex.out.find("-{}-set") == std::string::npos);
  CHECK(tex.out.find("\\texttt{table} over \\texttt{rank bound}") != std::string::npos);
  // refusals: an unknown option with its closest name, a global option, no '=', a second line
  refused(run_boundcheck({"table", "--spec", spec, "--set", "dd=4"}),
          "--set dd: \"rank bound\" has no option --dd");
  CHECK(run_boundcheck({"table", "--spec", spec, "--set", "dd=4"}).err.find("--d") != std::string::npos);
  refused(run_boundcheck({"table", "--spec", spec, "--set", "digits=4"}), "global option");
  refused(run_boundcheck({"table", "--spec", spec, "--set", "r"}), "must be KEY=VALUE");
  refused(run_boundcheck({"table", "--spec", spec, "--set", "r=4\n[plot]"}), "one line");
  refused(run_boundcheck({"table", "--spec", spec, "--set", "r=[1, 2"}), "not a TOML value");
  refused(run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--set", "r=1"}), "set twice");
  // a value the command refuses names the --set
  refused(run_boundcheck({"table", "--spec", spec, "--set", "d=[16, 2]"}), "--set d = 2: --d");
}

TEST_CASE("table --set: a value the command line reads as several sweeps, with a note that counts it") {
  // issue 36: --set 'H="log(1,1e4,4)"' was passed whole to rank bound, which split it at the commas
  // inside log(...); the command line's `rank bound --H "log(1,1e4,4)"` spells it out. Reference: the
  // same sweep written as the spec's own range { from = 1, to = 1e4, per_decade = 4 }.
  PaperDir tmp;
  const std::string spec = tmp.file("g.toml", kGrid);
  auto range = run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--set",
                               "H={from=1, to=1e4, per_decade=4}", "--format", "csv"});
  REQUIRE(range.code == 0);
  CHECK(line_count(range.out) == 1 + 2 * 17);  // d = 16, 32; H = 10^(k/4), k = 0..16
  for (const char* typed : {"H=\"log(1,1e4,4)\"", "H=log(1,1e4,4)", "H='log(1,1e4,4)'"}) {
    CAPTURE(typed);
    auto lg = run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--set", typed, "--format", "csv"});
    INFO(lg.err);
    REQUIRE(lg.code == 0);
    CHECK(lg.out == range.out);
    CHECK(lg.err.find("sweeps H over 17 values: the sweep has 34 points") != std::string::npos);
  }
  // a colon range and a comma list sweep the same way, and say how many points they make
  auto colon =
      run_boundcheck({"table", "--spec", spec, "--set", "r=1", "--set", "H=1:300", "--format", "csv"});
  REQUIRE(colon.code == 0);
  CHECK(line_count(colon.out) == 1 + 2 * 300);
  CHECK(colon.err.find("note: --set H=1:300 sweeps H over 300 values: the sweep has 600 points") !=
        std::string::npos);
  auto list =
      run_boundcheck({"table", "--spec", spec, "--set", "r=1", "--set", "H=1,10,1000", "--format", "csv"});
  auto toml_list = run_boundcheck(
      {"table", "--spec", spec, "--set", "r=1", "--set", "H=[1, 10, 1000]", "--format", "csv"});
  REQUIRE(list.code == 0);
  CHECK(list.out == toml_list.out);
  // a malformed range names the --set
  refused(run_boundcheck({"table", "--spec", spec, "--set", "H=log(10,1,4)"}),
          "--set H=log(10,1,4): --H log(");
  // one value stays one value: the word is passed to the command as typed
  auto one = run_boundcheck({"table", "--spec", spec, "--set", "r=1", "--set", "H=1000", "--format", "csv"});
  REQUIRE(one.code == 0);
  CHECK(one.err.find("sweeps H") == std::string::npos);
}

namespace {

// FNV-1a 64 from its definition (offset 14695981039346656037, prime 1099511628211).
std::uint64_t fnv(const std::string& text, std::uint64_t h = 14695981039346656037ULL) {
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

}  // namespace

TEST_CASE("table --set: shards carry the overrides in their digests and other overrides never merge") {
  PaperDir tmp;
  const std::string spec = tmp.file("g.toml", kGrid);
  std::vector<std::string> r4, r1;
  for (int i = 1; i <= 2; ++i) {
    r4.push_back((tmp.path / fmt::format("r4_{}.json", i)).string());
    r1.push_back((tmp.path / fmt::format("r1_{}.json", i)).string());
    REQUIRE(run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--shard", fmt::format("{}/2", i),
                            "--output", r4.back()})
                .code == 0);
    REQUIRE(run_boundcheck({"table", "--spec", spec, "--set", "r=1", "--shard", fmt::format("{}/2", i),
                            "--output", r1.back()})
                .code == 0);
  }
  // the merged shards are the unsharded --set run
  auto merged = run_boundcheck({"table", "merge", r4[0], r4[1], "--format", "csv"});
  auto whole = run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--format", "csv"});
  REQUIRE(merged.code == 0);
  CHECK(merged.out == whole.out);
  // the file says which overrides, and each task's digest starts from the text and them
  const auto j = nlohmann::json::parse(read_all(r4[0]));
  CHECK(j["set"] == nlohmann::json({"r=4"}));
  const std::uint64_t seed =
      fnv(j["spec"].get<std::string>() + "\n--set r = 4", fnv(j["plan"].get<std::string>() + "\n"));
  size_t at = 0;
  for (const auto& t : j["tasks"]) {
    std::uint64_t h = seed;
    for (size_t k = at; k < at + t[1].get<size_t>(); ++k) h = fnv(j["rows"][k].dump(), h);
    CHECK(t[2] == fmt::format("{:016x}", h));
    at += t[1].get<size_t>();
  }
  // shards of r = 1 and r = 4 (one spec file) never merge
  auto mixed = run_boundcheck({"table", "merge", r4[0], r1[1]});
  refused(mixed, "comes from another spec");
  // status: against --spec g.toml --set r=4, the r = 1 files are stale
  auto st = run_boundcheck(
      {"table", "status", r4[0], r4[1], r1[0], "--spec", spec, "--set", "r=4", "--format", "json"});
  INFO(st.err);
  const auto sj = nlohmann::json::parse(st.out);
  CHECK(sj["rows"][0]["state"] == "done");
  CHECK(sj["rows"][1]["state"] == "done");
  CHECK(sj["rows"][2]["state"] == "stale");
  CHECK(sj["rows"][2]["detail"].get<std::string>().find("other --set overrides") != std::string::npos);
  refused(run_boundcheck({"table", "status", r4[0], "--set", "r=4"}), "--set goes with --spec");
  // --resume over a file of other overrides recomputes it (a note says so)
  auto res = run_boundcheck(
      {"table", "--spec", spec, "--set", "r=4", "--shard", "1/2", "--output", r1[0], "--resume"});
  CHECK(res.code == 0);
  CHECK(res.err.find("other --set overrides") != std::string::npos);
  CHECK(nlohmann::json::parse(read_all(r1[0]))["set"] == nlohmann::json({"r=4"}));
}

// Review of issue 28: a shard dealt no task holds no columns; when it was the newest file of the
// spec, table status --spec S --set checked the layout against those and refused a spec whose
// shards were all done ("no column \"H\" (columns: )").
TEST_CASE("table status: shards dealt no task, of a spec with a pivot and --set, are done") {
  PaperDir tmp;
  const std::string spec = tmp.file("p.toml", std::string(kGrid) + kPivotPlot);
  // more shards than the grid of --set r=4 has points (2 d x 3 H): some shards get no task
  const int n = 8;
  std::vector<std::string> files;
  for (int i = 1; i <= n; ++i) {
    files.push_back((tmp.path / fmt::format("s{}.json", i)).string());
    REQUIRE(run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--shard", fmt::format("{}/{}", i, n),
                            "--output", files.back()})
                .code == 0);
  }
  size_t empty = 0;
  for (const auto& f : files) empty += nlohmann::json::parse(read_all(f))["rows"].empty() ? 1 : 0;
  REQUIRE(empty >= 2);  // 6 points in at most 6 tasks
  // every order of the files: the newest (the last written, an empty shard) and the oldest
  for (bool reversed : {false, true}) {
    std::vector<std::string> args = {"table", "status"};
    if (reversed)
      args.insert(args.end(), files.rbegin(), files.rend());
    else
      args.insert(args.end(), files.begin(), files.end());
    args.insert(args.end(), {"--spec", spec, "--set", "r=4", "--format", "json"});
    auto st = run_boundcheck(args);
    INFO(st.err);
    CHECK(st.code == 0);
    REQUIRE(!st.out.empty());
    const auto sj = nlohmann::json::parse(st.out);
    CHECK(sj["rows"].size() == static_cast<size_t>(n));
    for (const auto& row : sj["rows"]) CHECK(row["state"] == "done");
    // merged in this order, the shards are the unsharded table
    std::vector<std::string> m = {"table", "merge"};
    m.insert(m.end(), args.begin() + 2, args.begin() + 2 + n);
    m.insert(m.end(), {"--format", "csv"});
    auto merged = run_boundcheck(m);
    INFO(merged.err);
    CHECK(merged.code == 0);
    CHECK(merged.out == run_boundcheck({"table", "--spec", spec, "--set", "r=4", "--format", "csv"}).out);
  }
}

TEST_CASE("table plan and status check the spec as table does before printing anything") {
  PaperDir tmp;
  // each: a spec table refuses (the refusal the test reads from table itself, then from plan)
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"value.toml", "command = \"rank bound\"\n[fixed]\nr = 1\nH = 1\n[sweep]\nd = [\"abc\", 3]\n"},
      {"later.toml", "command = \"sphere dim\"\n[fixed]\nl = 2\n[sweep]\nd = [3, \"abc\"]\n"},
      {"derived.toml",
       "command = \"sphere dim\"\n[fixed]\nl = 2\n[sweep]\nd = [3, 4]\n[derived]\nx = \"M + 1\"\n"},
      {"plot.toml",
       "command = \"sphere dim\"\n[fixed]\nl = 2\n[sweep]\nd = [3, 4]\n[plot]\nx = \"d\"\ny = \"Q\"\n"},
      {"layout.toml",
       "command = \"sphere dim\"\n[sweep]\nd = [3, 4]\nl = [1, 2]\n[layout]\nrows = \"d\"\ncols = "
       "\"l\"\nvalue = \"Q\"\n"},
      {"choice.toml",
       "command = \"rank bound\"\n[fixed]\nd = 8\nr = 1\nH = 1\n[sweep]\ncount = [\"exact\", \"tlak\"]\n"},
  };
  for (const auto& entry : bad) {
    const std::string& name = entry.first;
    const std::string spec = tmp.file(name, entry.second);
    auto t = run_boundcheck({"table", "--spec", spec});
    auto p = run_boundcheck({"table", "plan", "--spec", spec, "--shards", "2"});
    CAPTURE(name);
    INFO(t.err, " / ", p.err);
    CHECK(t.code == 2);
    CHECK(t.out.empty());
    CHECK(p.code == 2);
    CHECK(p.out.empty());
    CHECK(line_count(p.err) == 1);
    CHECK(p.err.rfind("error: " + spec, 0) == 0);
  }
  // the issue's case: the plan promised 2 tasks for d = ["abc", 3]; now it names the value
  auto p = run_boundcheck({"table", "plan", "--spec", tmp.path.string() + "/value.toml"});
  CHECK(p.err.find("d = abc") != std::string::npos);
  // status with --spec checks it the same way
  const std::string good =
      tmp.file("good.toml", "command = \"sphere dim\"\n[fixed]\nl = 2\n[sweep]\nd = [3, 4]\n");
  const std::string part = (tmp.path / "p1.json").string();
  REQUIRE(run_boundcheck({"table", "--spec", good, "--shard", "1/1", "--output", part}).code == 0);
  auto st = run_boundcheck({"table", "status", part, "--spec", tmp.path.string() + "/derived.toml"});
  CHECK(st.code == 2);
  CHECK(st.out.empty());
  CHECK(st.err.find("[derived] x: no column \"M\"") != std::string::npos);
}

TEST_CASE("table: [latex] label with provenance under the table and whole digits in a table*") {
  PaperDir tmp;
  const std::string spec = tmp.file("l.toml", std::string(kGrid) + kPivotPlot + R"([latex]
caption = 'Bounds $\mathrm{LB}$.'
label = "tab:lb"
style = "two-column"
)");
  auto r = run_boundcheck({"table", "--spec", spec, "--format", "latex"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("\\begin{table*}[htbp]") != std::string::npos);
  CHECK(r.out.find("\\caption{Bounds $\\mathrm{LB}$.}\\label{tab:lb}\n") != std::string::npos);
  CHECK(r.out.find("\\sisetup{group-digits=false}") != std::string::npos);
  CHECK(r.out.find("\\par\\smallskip{\\footnotesize boundcheck ") != std::string::npos);
  CHECK(r.out.find("1000 & ") != std::string::npos);  // H printed whole
  for (const char* bad : {"tab:lb}\\input{/etc/passwd}", "a b", ""}) {
    const std::string s =
        tmp.file("bad.toml", std::string(kGrid) + fmt::format("[latex]\nlabel = '{}'\n", bad));
    refused(run_boundcheck({"table", "--spec", s}), "[latex] label: must be a label");
  }
  const std::string w =
      tmp.file("w.toml", std::string(kGrid) + kPivotPlot + "width = \"3in}\\\\input{/etc/passwd}\"\n");
  refused(run_boundcheck({"table", "--spec", w}), "[plot] width: must be a LaTeX length");
}

TEST_CASE("table --format html: the swept command's formula and the spec - verify leads with the summary") {
  PaperDir tmp;
  const std::string spec = tmp.file(
      "g.toml", std::string(kGrid) + "[layout]\nrows = \"H\"\ncols = [\"d\", \"r\"]\nvalue = \"lo\"\n");
  auto r = run_boundcheck({"table", "--spec", spec, "--set", "kernel=double", "--format", "html"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  // rank bound's own Formula (its --help) and the spec's text, not the table machinery's
  CHECK(r.out.find("<dt>Formula</dt>") != std::string::npos);
  CHECK(r.out.find("<dt>Spec</dt>") != std::string::npos);
  CHECK(r.out.find("[sweep]\nd = [16, 32]") != std::string::npos);
  CHECK(r.out.find("# --set kernel = &#39;double&#39;") != std::string::npos);
  CHECK(r.out.find("One row per point of the spec") == std::string::npos);  // table's own formula
  CHECK(r.out.find("<th class=\"group\" colspan=\"2\">d=16</th>") != std::string::npos);
  // verify: the count as expected first, before what is computed; rows coloured by it
  auto v = run_boundcheck({"verify", "--id", "rank.majority", "--format", "html"});
  REQUIRE(v.code == 0);
  const auto summary = v.out.find("id=\"summary\"");
  REQUIRE(summary != std::string::npos);
  CHECK(summary < v.out.find("<section id=\"about\">"));
  CHECK(v.out.find("as expected</span>", summary) < v.out.find("</p>", summary));
  CHECK(v.out.find("<td class=\"verdict expected\">") != std::string::npos);
  CHECK(v.out.find("class=\"verdict fails\"") == std::string::npos);
}
