// The help walk (issue 18): every command of the one registry (tools/app.cpp) is asked for its
// --help through the executable, and the text is checked as a reader meets it:
//   - the parts Formula, Source (with a line of a source document), Cost, --double-check and
//     Examples (at least two), in that order;
//   - every line within 100 columns, on every level (root, groups, commands);
//   - every option typed (INT, RATIONAL, LIST, ANGLE, PATH, a|b choices...), never CLI11's TEXT;
//   - every example runs and exits 0, and where the help shows output under an example (lines
//     indented by four), the run prints those lines, in order and together.
// Examples run in a scratch directory that links data/, docs/ and verify/ of the source tree, so
// that `--spec data/specs/lb_vs_heads.toml` works and any file an example writes lands in the scratch.
#include "cli.hpp"
#include "run.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <sstream>

namespace {

using bc::test::run_boundcheck;
using Args = std::vector<std::string>;

Args words(const std::string& s) {
  Args a;
  std::istringstream in(s);
  for (std::string w; in >> w;) a.push_back(w);
  return a;
}

size_t columns(const std::string& s) {
  size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) {
    while (!l.empty() && l.back() == ' ') l.pop_back();
    v.push_back(l);
  }
  return v;
}

/// Shell-like words of an example: quotes group, '#' at a word's start begins a comment. Anything a
/// shell would interpret (pipes, redirections, variables) makes the example invalid: returns {}.
Args example_words(const std::string& line) {
  Args a;
  std::string w;
  bool in_word = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ') {
      if (in_word) a.push_back(w), w.clear(), in_word = false;
      continue;
    }
    if (c == '#' && !in_word) break;
    if (c == '\'' || c == '"') {
      const size_t j = line.find(c, i + 1);
      if (j == std::string::npos) return {};
      w += line.substr(i + 1, j - i - 1);
      in_word = true;
      i = j;
      continue;
    }
    if (std::string("|&;<>$`\\").find(c) != std::string::npos) return {};
    w += c;
    in_word = true;
  }
  if (in_word) a.push_back(w);
  return a;
}

struct Example {
  std::string line;
  std::vector<std::string> output;  ///< lines the help shows under it
};

std::vector<Example> examples_of(const std::string& help) {
  std::vector<Example> ex;
  const size_t at = help.find("\nExamples:\n");
  if (at == std::string::npos) return ex;
  for (const std::string& l : lines_of(help.substr(at + 11))) {
    if (l.rfind("  boundcheck ", 0) == 0)
      ex.push_back({l.substr(2), {}});
    else if (l.rfind("    ", 0) == 0 && !ex.empty())
      ex.back().output.push_back(l.substr(4));
    else
      break;
  }
  return ex;
}

/// The help text of every level of the tree: {"" (root), "rank", "rank bound", ...}.
std::vector<std::string> every_level(const CLI::App& root) {
  std::vector<std::string> paths{""};
  const std::function<void(const CLI::App&, const std::string&)> walk = [&](const CLI::App& a,
                                                                            const std::string& p) {
    for (const CLI::App* s : a.get_subcommands({})) {
      const std::string q = p.empty() ? s->get_name() : p + " " + s->get_name();
      paths.push_back(q);
      walk(*s, q);
    }
  };
  walk(root, "");
  return paths;
}

/// A scratch working directory with the source tree's inputs linked in.
std::string scratch_dir() {
  namespace fs = std::filesystem;
  // removed when the test process exits (remove_all removes the symlinks, not what they point to)
  struct Scratch {
    std::string path;
    ~Scratch() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  };
  static const Scratch dir{[] {
    std::string tmpl = (fs::temp_directory_path() / "bc_help_XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    for (const char* d : {"data", "docs", "verify"})
      fs::create_directory_symlink(fs::path(BOUNDCHECK_SOURCE_DIR) / d, fs::path(tmpl) / d);
    return tmpl;
  }()};
  return dir.path;
}

/// Commands whose Source is not one document but each claim's or each swept command's own.
bool source_is_per_item(const std::string& path) {
  return path == "verify" || path == "tex" || path.rfind("table", 0) == 0;
}

void check_parts(const std::string& path, const std::string& help) {
  INFO(path);
  size_t at = 0;
  for (const char* part :
       {"\nFormula:\n", "\nSource:\n", "\nCost:\n", "\n--double-check:\n", "\nExamples:\n"}) {
    const size_t p = help.find(part, at);
    CHECK_MESSAGE(p != std::string::npos, fmt::format("no part {} (in this order)", part));
    if (p != std::string::npos) at = p;
  }
  const size_t s = help.find("\nSource:\n"), e = help.find("\nCost:\n");
  if (s != std::string::npos && e != std::string::npos && !source_is_per_item(path)) {
    const std::string source = help.substr(s, e - s);
    CHECK_MESSAGE(std::regex_search(source, std::regex(R"((talk-B|talk-H|paper-A|paper-L) l\.[0-9]+)")),
                  (std::string("the source names a document and a line: ") + source));
  }
  CHECK(examples_of(help).size() >= 2);
}

void check_examples(const std::string& group) {
  bc::cli::Invoker inv;
  size_t ran = 0;
  for (const auto& c : inv.registry().commands()) {
    const std::string path = c.path();
    if (path.rfind(group, 0) != 0) continue;
    Args a = words(path);
    a.push_back("--help");
    const std::string help = run_boundcheck(a).out;
    for (const Example& ex : examples_of(help)) {
      INFO(path << ": " << ex.line);
      Args w = example_words(ex.line);
      REQUIRE_MESSAGE(w.size() >= 2, "an example is one plain command");
      w.erase(w.begin());  // "boundcheck"
      auto r = run_boundcheck(w, 600, {}, scratch_dir());
      INFO(r.err);
      CHECK(r.code == 0);
      ++ran;
      if (ex.output.empty()) continue;
      const auto got = lines_of(r.out);
      bool found = false;
      for (size_t i = 0; i + ex.output.size() <= got.size() && !found; ++i)
        found = std::equal(ex.output.begin(), ex.output.end(), got.begin() + static_cast<long>(i));
      CHECK_MESSAGE(found, "the output shown in the help:\n"
                               << fmt::format("{}", fmt::join(ex.output, "\n")) << "\nthe output printed:\n"
                               << r.out);
    }
  }
  CHECK(ran >= 2);
}

}  // namespace

TEST_CASE("help: every level fits 100 columns and types every option") {
  bc::cli::Invoker inv;
  const std::regex untyped(R"(^\s+-[-\w]+ TEXT\b)");
  for (const std::string& path : every_level(inv.app())) {
    Args a = words(path);
    a.push_back("--help");
    auto r = run_boundcheck(a);
    INFO("boundcheck " << path << " --help");
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    for (const std::string& l : lines_of(r.out)) {
      CHECK_MESSAGE(columns(l) <= 100, l);
      CHECK_MESSAGE(!std::regex_search(l, untyped), l);
    }
  }
}

TEST_CASE("help: every command has a formula, a source with its line, a cost and two examples") {
  bc::cli::Invoker inv;
  CHECK(inv.registry().commands().size() >= 26);
  for (const auto& c : inv.registry().commands()) {
    Args a = words(c.path());
    a.push_back("--help");
    check_parts(c.path(), run_boundcheck(a).out);
  }
}

// The site typesets Help::formula_latex (docs/gen/reference.py, MathJax) and --help keeps the plain
// text; tests/docs_site.py checks the typesetting in Chromium. Here: each family command has one, and
// it is well formed (balanced braces and environments, no $ delimiters, no blank line, which would
// split Sphinx's display math into separate equations).
TEST_CASE("help: every family command has a LaTeX formula for the site, well formed") {
  bc::cli::Invoker inv;
  size_t n = 0;
  for (const auto& c : inv.registry().commands()) {
    const std::string& tex = c.help.formula_latex;
    const std::string family = words(c.path()).front();
    if (family == "table" || family == "verify" ||
        family == "tex") {  // their formula is prose, shown as text
      CHECK_MESSAGE(tex.empty(), c.path());
      continue;
    }
    ++n;
    CHECK_MESSAGE(!tex.empty(), c.path());
    CHECK_MESSAGE(tex.find('$') == std::string::npos, c.path());
    CHECK_MESSAGE(tex.find("\n\n") == std::string::npos, c.path());
    long depth = 0;
    bool balanced = true;
    for (size_t i = 0; i < tex.size(); ++i) {
      if (tex[i] == '\\') {
        ++i;  // \{ \} are literal braces, \\ a line break
      } else if (tex[i] == '{') {
        ++depth;
      } else if (tex[i] == '}' && --depth < 0) {
        balanced = false;
      }
    }
    CHECK_MESSAGE((balanced && depth == 0), c.path() << ": unbalanced braces");
    auto count = [&](const std::string& s) {
      size_t k = 0;
      for (size_t p = tex.find(s); p != std::string::npos; p = tex.find(s, p + 1)) ++k;
      return k;
    };
    CHECK_MESSAGE(count("\\begin{") == count("\\end{"), c.path() << ": unmatched environments");
    CHECK_MESSAGE(count("\\left") == count("\\right"), c.path() << ": unmatched \\left/\\right");
  }
  CHECK(n == 24);
}

TEST_CASE("help: the sphere examples run and print what they show") { check_examples("sphere"); }
TEST_CASE("help: the rank examples run and print what they show") { check_examples("rank"); }
TEST_CASE("help: the depth examples run and print what they show") { check_examples("depth"); }
TEST_CASE("help: the sym examples run and print what they show") { check_examples("sym"); }
TEST_CASE("help: the comm examples run and print what they show") { check_examples("comm"); }
TEST_CASE("help: the verify and table examples run and print what they show") {
  check_examples("verify");
  check_examples("table");
  check_examples("tex");
}

TEST_CASE("help: example lines are split as a shell would, and shell syntax is refused") {
  CHECK(example_words("boundcheck a --x 'b c' # comment") == Args{"boundcheck", "a", "--x", "b c"});
  CHECK(example_words("boundcheck a --lambda \"3 1^2\"") == Args{"boundcheck", "a", "--lambda", "3 1^2"});
  CHECK(example_words("boundcheck a | head").empty());
  CHECK(example_words("boundcheck a > f").empty());
  CHECK(example_words("boundcheck a $HOME").empty());
}

TEST_CASE("cli: uncertified() rounds a double to its significant digits as printf and strtod do") {
  // The cell of a double-precision result is v rounded to min(--digits, justified) significant
  // digits. Reference: printf's %.*g read back by strtod (both correctly rounded, ties to even);
  // m / 2^k with odd m gives exact decimal ties at the 10th digit (e.g. 1025/2048 = 0.50048828125).
  std::vector<double> vs;
  for (long m = 1; m < 8192; m += 2) vs.insert(vs.end(), {m / 2048.0, m / 8192.0, m / 65536.0});
  std::uint64_t x = 88172645463325252ULL;  // xorshift64, fixed seed: the same values every run
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const double u = static_cast<double>(x >> 11) / 9007199254740992.0;
    vs.insert(vs.end(), {u, u * 1e-9, u * 1e15, -u});
  }
  // The text shows those digits and no more, as %.*g does: 7.4e+05 and not 740000, whose zeros
  // would read as digits (pair-matching's alpha_min, 2026-11-27). Up to 15 digits the shortest
  // text of the rounded double is %.*g's; at 17 it can be shorter (0.1, not 0.10000000000000001).
  bc::cli::Context ctx;
  size_t texts = 0, exponent_forms = 0;
  for (long digits : {30L, 10L, 4L})
    for (int justified : {10, 12, 17}) {
      ctx.digits = digits;
      const int sig = static_cast<int>(std::min<long>(digits, justified));
      for (double v : vs) {
        char want[64];
        std::snprintf(want, sizeof want, "%.*g", sig, v);
        const bc::out::Cell c = bc::cli::uncertified(v, ctx, "test", justified);
        INFO("v = " << fmt::format("{:.17g}", v) << ", " << sig << " digits, text " << c.display());
        REQUIRE(c.dval == std::strtod(want, nullptr));
        if (sig > 15) continue;
        REQUIRE(c.display() == want);
        ++texts;
        exponent_forms += std::strchr(want, 'e') != nullptr && std::fabs(v) >= 1;
      }
    }
  CHECK(texts > 100000);
  CHECK(exponent_forms > 10000);  // the u * 1e15 values: more integer digits than significant ones
}

// Issue 38 §1: notes and errors are the one place text from a file reaches stderr (shard notes,
// claim ids, expressions in messages). Expected strings written by hand from the rule of
// core/visible_text.hpp: line breaks and tabs are spaces, other controls \xNN, the bidi and C1
// controls \uXXXX, malformed bytes \xNN; the line stays valid UTF-8.
TEST_CASE("cli: one_line and notes show controls, bidi overrides and malformed bytes visibly") {
  using bc::cli::format_note;
  using bc::cli::one_line;
  CHECK(one_line("a\nb\tc\r") == "a b c");
  CHECK(one_line("x\x1b]0;owned\x07y") == "x\\x1b]0;owned\\x07y");
  CHECK(one_line(std::string("nul \0 here", 10)) == "nul \\x00 here");
  CHECK(one_line("id x.rtl\xe2\x80\xae"
                 "cba") == "id x.rtl\\u202ecba");
  CHECK(one_line("\xc2\x9b"
                 "31m") == "\\u009b31m");
  CHECK(one_line("unexpected '\xef'") == "unexpected '\\xef'");
  CHECK(one_line("ε ≤ １") == "ε ≤ １");
  CHECK(format_note("claim \x1b[8m\xe2\x81\xa6hidden", 0) == "note: claim \\x1b[8m\\u2066hidden\n");
}
