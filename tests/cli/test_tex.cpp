// boundcheck tex (issue 35 §3): how a value is typeset (tools/tex/number.hpp), what the paper
// scanner reads (tools/tex/scan.hpp), the numbers file read back (tools/tex/numbers_file.hpp), and
// the command's refusals. References are independent of boundcheck: exact values from Python
// (2**200, format(2**200, ','), '%.12g' % x), the digits of pi (mpmath at 30 digits:
// 3.14159265358979323846...), and rounding worked by hand in the comments. The whole workflow
// (a paper compiled by pdflatex, then edited) is tests/paper_example.py.
#include "run.hpp"
#include "tex/check.hpp"
#include "tex/number.hpp"
#include "tex/numbers_file.hpp"
#include "tex/scan.hpp"
#include "tex/values.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace {

using namespace bc;
using namespace bc::cli::tex;
using bc::cli::user::Number;

Number exact(const Fmpq& q) {
  Number n;
  n.value.exact = q;
  arb_set_fmpq(n.value.ball.x, q.x, 256);
  return n;
}

Number exact_integer(const char* digits) {
  Fmpq q;
  fmpz_set_str(fmpq_numref(q.x), digits, 10);
  return exact(q);
}

Number ball(const char* text) {
  Number n;
  REQUIRE(arb_set_str(n.value.ball.x, text, 256) == 0);
  return n;
}

Number pi_times(slong p10) {  // pi * 10^p10, a ball at 256 bits
  Number n;
  Arb t;
  arb_const_pi(n.value.ball.x, 256);
  arb_set_si(t.x, 10);
  arb_pow_fmpz(t.x, t.x, Fmpz(p10).x, 256);
  arb_mul(n.value.ball.x, n.value.ball.x, t.x, 256);
  return n;
}

Printed print(const Number& n, long digits, Style s, Separator sep = Separator::thin) {
  return print_value(n, digits, s, sep, "test value");
}

}  // namespace

TEST_CASE("tex: exact integers print in full, grouped in threes from five digits") {
  // Python: 2**200 and format(2**200, ',')
  const char* p200 = "1606938044258990275541962092341162602522202993782792835301376";
  const Number n = exact_integer(p200);
  CHECK(print(n, 5, Style::plain).latex == p200);  // digits do not cut an exact integer
  CHECK(print(n, 5, Style::plain).decimal == p200);
  CHECK(print(n, 5, Style::interval).latex == p200);  // an exact value is its own enclosure
  CHECK(print(n, 5, Style::grouped).latex ==
        "1\\,606\\,938\\,044\\,258\\,990\\,275\\,541\\,962\\,092\\,341\\,162\\,602\\,522\\,202\\,993\\,782\\,"
        "792\\,835\\,301\\,376");
  CHECK(print(exact_integer("45696"), 30, Style::grouped, Separator::comma).latex == "45{,}696");
  CHECK(print(exact_integer("2024"), 30, Style::grouped).latex == "2024");  // four digits: not grouped
  CHECK(print(n, 5, Style::sci).latex ==
        "\\ensuremath{{1.606938044258990275541962092341162602522202993782792835301376\\times10^{60}}}");
  // an exact integer's trailing zeros are exact: dropped from the mantissa
  CHECK(print(exact_integer("45000"), 30, Style::sci).latex == "\\ensuremath{{4.5\\times10^{4}}}");
  CHECK(print(exact_integer("1000000000000000000000000000000"), 3, Style::sci).latex ==
        "\\ensuremath{{1\\times10^{30}}}");
  CHECK(print(exact_integer("-45696"), 30, Style::grouped).latex == "\\ensuremath{{-45\\,696}}");
  CHECK(print(n, 5, Style::plain).enclosure == "exact integer");
}

TEST_CASE("tex: a real prints only the digits its ball proves") {
  // [1.8831, 1.8837]: 1.883 +/- 0.001 holds it (4 digits), 1.8834 +/- 0.0001 does not (5)
  const Printed p = print(ball("1.8834 +/- 0.0003"), 10, Style::plain);
  CHECK(p.decimal == "1.883");
  CHECK(p.latex == "1.883");
  CHECK(p.digits_shown == 4);
  // a tight ball gets all the digits asked for: pi to 12 digits is 3.14159265359 (rounded up)
  CHECK(print(pi_times(0), 12, Style::plain).decimal == "3.14159265359");
  // a ball that proves no digit prints its enclosure, never a midpoint
  const Printed wide = print(ball("0 +/- 0.5"), 10, Style::plain);
  CHECK(wide.latex.rfind("\\ensuremath{{[", 0) == 0);
  CHECK(!wide.key);
}

TEST_CASE("tex: negative exponents survive text and math mode") {
  // pi * 10^-7 = 3.14159265...e-7: at 5 digits 3.1416e-7
  CHECK(print(pi_times(-7), 5, Style::plain).latex == "\\ensuremath{{3.1416\\times10^{-7}}}");
  CHECK(print(pi_times(-7), 5, Style::plain).decimal == "3.1416e-7");
  // 47/25000 = 0.00188 exactly: plain as the exact decimal, sci with one digit before the point
  const Number q = exact(Fmpq(47, 25000));
  CHECK(print(q, 3, Style::plain).latex == "0.00188");
  CHECK(print(q, 30, Style::plain).latex == "0.00188");  // exact: no trailing zeros
  CHECK(print(q, 3, Style::sci).latex == "\\ensuremath{{1.88\\times10^{-3}}}");
  CHECK(print(exact(Fmpq(-47, 25000)), 3, Style::plain).latex == "\\ensuremath{{-0.00188}}");
  // 1/1024 = 0.0009765625 exactly: 3 digits round 976.5625 up to 977; 30 digits give it exactly
  CHECK(print(exact(Fmpq(1, 1024)), 3, Style::plain).decimal == "0.000977");
  CHECK(print(exact(Fmpq(1, 1024)), 30, Style::plain).decimal == "0.0009765625");
  CHECK(print(exact(Fmpq(2, 3)), 5, Style::plain).decimal == "0.66667");
  // 3/200000 = 1.5e-5 exactly: in exponent form too, no trailing zeros
  CHECK(print(exact(Fmpq(3, 200000)), 30, Style::plain).decimal == "1.5e-5");
  CHECK(print(exact(Fmpq(3, 200000)), 30, Style::sci).latex == "\\ensuremath{{1.5\\times10^{-5}}}");
  CHECK(print(pi_times(40), 3, Style::plain).latex == "\\ensuremath{{3.14\\times10^{40}}}");
}

TEST_CASE("tex: the interval form rounds outward") {
  // pi = 3.14159...: at 5 digits the enclosure [3.1415, 3.1416]
  const Printed p = print(pi_times(0), 5, Style::interval);
  CHECK(p.decimal == "[3.1415, 3.1416]");
  CHECK(p.latex == "\\ensuremath{{[3.1415, 3.1416]}}");
  CHECK(!p.key);  // an interval is never matched against a typed number
  CHECK(print(pi_times(-7), 3, Style::interval).latex ==
        "\\ensuremath{{[3.14\\times10^{-7}, 3.15\\times10^{-7}]}}");
}

TEST_CASE("tex: a value computed from doubles shows the digits the double path justifies") {
  Number n = ball("0.1234567890123456");
  n.uncertified = true;
  // Python: '%.12g' % 0.1234567890123456
  const Printed p = print(n, 30, Style::plain);
  CHECK(p.decimal == "0.123456789012");
  CHECK(p.enclosure.find("uncertified") != std::string::npos);
  CHECK_THROWS_AS(print(n, 30, Style::interval), DomainError);
}

TEST_CASE("tex: typed numbers compare as exact decimals") {
  auto key = [](const char* s) { return magnitude(*read_decimal(s)); };
  CHECK(key("0.00188") == Magnitude{"188", -5});
  CHECK(key("1.88e-3") == key("0.00188"));
  CHECK(key("1.880e-3") == key("0.00188"));
  CHECK(key("45696") == Magnitude{"45696", 0});
  CHECK(key("45000") == Magnitude{"45", 3});
  CHECK(key("4.5e4") == key("45000"));
  CHECK(key("0") == Magnitude{"0", 0});
  CHECK(!(key("1.88e-3") == key("1.88e-4")));
  CHECK(significant_digits(*read_decimal("0.00188")) == 3);
  CHECK(significant_digits(*read_decimal("2020")) == 4);
  CHECK(significant_digits(*read_decimal("1.880")) == 4);
  CHECK(significant_digits(*read_decimal("64")) == 2);
  CHECK(!read_decimal("[1 +/- 2]"));
  CHECK(!read_decimal("1.2.3"));
}

TEST_CASE("tex: the paper scanner reads uses, inputs and typed numbers, and skips the rest") {
  const char* paper =
      "\\documentclass[11pt]{article}\n"                                                   // 1
      "\\input{numbers} % the values, 12345\n"                                             // 2
      "\\begin{document}\n"                                                                // 3
      "Here 45\\,696 and 45{,}696 and 45,696, 45696.\n"                                    // 4
      "% 45696 in a comment\n"                                                             // 5
      "\\label{eq:12345} \\cite{x2020} 12.5pt 0.45\\textwidth h32 $10^{4}$ $x_{12345}$\n"  // 6
      "\\verb|99999| N(64,3)\n"                                                            // 7
      "\\begin{verbatim}\n77777\n\\end{verbatim}\n"                                        // 8-10
      "$1.88\\times 10^{-3}$, 1.88e-3 and 2.50 \\cdot 10^3\n"                              // 11
      "\\bcvalue{mine.h32} \\bcvalue { dim.N64_3 } \\bcvalue{a_b:c-d}\n"                   // 12
      "\\% 31415 after an escaped percent\n"                                               // 13
      "\\end{document}\n";
  const PaperScan s = scan_paper(paper);
  REQUIRE(s.uses.size() == 3);
  CHECK(s.uses[0].name == "mine.h32");
  CHECK(s.uses[1].name == "dim.N64_3");
  CHECK(s.uses[2].name == "a_b:c-d");
  CHECK(s.uses[0].line == 12);
  CHECK(s.root);  // it has \documentclass: it must \input the numbers itself
  CHECK(!scan_paper("\\bcvalue{x} in a chapter").root);
  REQUIRE(s.inputs.size() == 1);
  CHECK(s.inputs[0].name == "numbers");
  std::vector<std::string> texts;
  std::vector<long> lines;
  for (const auto& t : s.numbers) {
    if (significant_digits(t.decimal) < kTypedMinDigits) continue;
    texts.push_back(t.text);
    lines.push_back(t.line);
  }
  const std::vector<std::string> want{
      "45\\,696", "45{,}696",         "45,696", "45696", "1.88\\times 10^{-3}",
      "1.88e-3",  "2.50 \\cdot 10^3", "31415"};
  CHECK_MESSAGE(texts == want, fmt::format("{}", fmt::join(texts, " | ")));
  CHECK(lines == std::vector<long>{4, 4, 4, 4, 11, 11, 11, 13});
  for (const auto& t : s.numbers)
    if (t.text.rfind("45", 0) == 0) CHECK(magnitude(t.decimal) == Magnitude{"45696", 0});
}

TEST_CASE("tex: names, comments and the numbers file read back") {
  CHECK(value_name("mine.h32"));
  CHECK(value_name("a_b:c-d.1"));
  CHECK(!value_name("1abc"));
  CHECK(!value_name("a b"));
  CHECK(!value_name("a}b"));
  CHECK(!value_name("a\\b"));
  CHECK(!value_name(std::string(65, 'a')));
  Named n;
  n.name = "mine.h32";
  n.expr = "rank.heads(d=32, r=2,\neps=1/10)";
  n.description = "line one\n\\input{/etc/passwd}\r\\write18{rm -rf x}";
  n.where = "paper.toml:3";
  Computed c{n, print(exact_integer("82359499393"), 30, Style::grouped), std::nullopt};
  const std::string text = numbers_file({c}, "boundcheck tex --catalogue .\n\\input x --output numbers.tex");
  // every line is a comment, the \bcvalue macro, or a definition: nothing from the catalogue
  // escapes a comment
  const NumbersFile f = read_numbers_file(text);
  CHECK(f.malformed.empty());
  REQUIRE(f.definitions.count("mine.h32") == 1);
  CHECK(f.definitions.at("mine.h32").latex == "82\\,359\\,499\\,393");
  for (const auto& l : f.macro_lines) CHECK(l.find("input") == std::string::npos);
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find("/etc/passwd") != std::string::npos || line.find("write18") != std::string::npos ||
        line.find("\\input x") != std::string::npos)
      CHECK_MESSAGE(line[0] == '%', line);
  }
  // a definition edited by hand is read back as it is, so --check can name it
  std::string edited = text;
  edited.replace(edited.find("82\\,359"), 7, "82\\,358");
  CHECK(read_numbers_file(edited).definitions.at("mine.h32").latex == "82\\,358\\,499\\,393");
}

namespace {

// A scratch directory holding `files` (path -> text); removed at the end of the test.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::vector<std::pair<std::string, std::string>>& files) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "bc_tex_XXXXXX").string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    dir = tmpl;
    for (const auto& [path, text] : files) {
      std::filesystem::create_directories((dir / path).parent_path());
      std::ofstream(dir / path) << text;
    }
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

const char* kCatalogue =
    "[[claim]]\nid = \"dim\"\nquantity = \"sphere.dim(d=64, l=3)\"\npublished = \"45696\"\n\n"
    "[[claim]]\nid = \"m\"\nclaim = \"a method claim\"\nsource = \"s\"\npublished = \"identity\"\n"
    "tolerance = \"exact\"\nmethod = \"sphere.dim_forms_agree\"\n[claim.params]\nd = [3, 5]\nl_max = 3\n\n"
    "[[value]]\nname = \"half\"\nexpr = \"1/2\"\n";

}  // namespace

TEST_CASE("tex: the command refuses bad options and input with exit 2, and names the problem") {
  using bc::test::run_boundcheck;
  Scratch s({{"cat/a.toml", kCatalogue}, {"paper.tex", "\\input{numbers}\n\\bcvalue{dim} \\bcvalue{m}\n"}});
  const std::string cat = (s.dir / "cat").string(), paper = (s.dir / "paper.tex").string();
  auto r = run_boundcheck({"tex"});
  CHECK(r.code == 2);
  CHECK(r.err.find("--catalogue") != std::string::npos);
  r = run_boundcheck({"tex", "--catalogue", cat, "--separator", "dot"});
  CHECK(r.code == 2);
  CHECK(r.err.find("--separator") != std::string::npos);
  r = run_boundcheck({"tex", "--catalogue", cat, "--numbers", "n.tex"});
  CHECK(r.code == 2);
  r = run_boundcheck({"tex", "--check", (s.dir / "missing.tex").string(), "--catalogue", cat});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  r = run_boundcheck({"tex", "--catalogue", (s.dir / "nowhere").string()});
  CHECK(r.code == 2);
  // the LaTeX may not overwrite what it was computed from
  r = run_boundcheck({"tex", "--catalogue", cat, "--output", (s.dir / "cat/a.toml").string()});
  CHECK(r.code == 2);
  // a method claim has no value: its \bcvalue is named, and the numbers file is missing
  r = run_boundcheck({"tex", "--check", paper, "--catalogue", cat});
  CHECK(r.code == 1);
  CHECK(r.out.find(paper + ":2: \\bcvalue{m}: the claim m has no single value") != std::string::npos);
  CHECK(r.out.find("numbers.tex: missing") != std::string::npos);
  // the paper named as --output by mistake: refused, the paper left as it was
  r = run_boundcheck({"tex", "--catalogue", cat, "--output", paper});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("is not a numbers file boundcheck wrote") != std::string::npos);
  std::ifstream kept(paper);
  CHECK(std::string(std::istreambuf_iterator<char>(kept), {}) ==
        "\\input{numbers}\n\\bcvalue{dim} \\bcvalue{m}\n");
  // written, then clean; written again over its own output
  r = run_boundcheck({"tex", "--catalogue", cat, "--output", (s.dir / "numbers.tex").string()});
  CHECK(r.code == 0);
  r = run_boundcheck({"tex", "--catalogue", cat, "--output", (s.dir / "numbers.tex").string()});
  CHECK(r.code == 0);
  std::ofstream(s.dir / "paper.tex") << "\\input{numbers}\n\\bcvalue{dim} and \\bcvalue{half}\n";
  r = run_boundcheck({"tex", "--check", paper, "--catalogue", cat});
  CHECK(r.code == 0);
  CHECK(r.out.empty());
  // --format json lists the problems as data
  std::ofstream(s.dir / "paper.tex") << "\\input{numbers}\nN = 45696\n";
  r = run_boundcheck({"tex", "--check", paper, "--catalogue", cat, "--format", "json"});
  CHECK(r.code == 1);
  CHECK(r.out.find("\"kind\": \"typed\"") != std::string::npos);
}
