// Issue 29 §1: a value crosses every seam as what it is, never as its printed text. A command's
// cells carry the values they were printed from (out::CellNumber); `verify --expr`, a table's
// derived columns and the Python module (python/tests/test_seams.py) read those, so an exact 16
// is 16, not the [15, 17] that "16" read back as +-1 unit would be.
// References: exact arithmetic by hand (stated per case) and the commands' own exact columns.
#include "run.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using bc::test::run_boundcheck;

namespace {

std::string longest_line(const std::string& s) {
  size_t best = 0, start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == '\n') {
      best = std::max(best, i - start);
      start = i + 1;
    }
  return std::to_string(best);
}

}  // namespace

TEST_CASE("seams: an exact talk_power reaches verify --expr as 16") {
  // (d/r)^(1/eps) = 2^4 = 16 exactly; rank heads prints it as "16"
  auto r = run_boundcheck(
      {"verify", "--expr", "rank.heads(d=8, r=4, eps=1/4).talk_power == 16", "--format", "json"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& row = j["rows"][0];
  CHECK(row["verdict"] == "holds");
  CHECK(row["grade"].get<std::string>().find("exact") != std::string::npos);
  // and the quotient by the exact h_min is the exact rational 3/16 (h_min = 3 at these inputs)
  r = run_boundcheck(
      {"verify", "--expr",
       "rank.heads(d=8, r=4, eps=1/4).h_min / rank.heads(d=8, r=4, eps=1/4).talk_power == 3/16"});
  INFO(r.out);
  CHECK(r.code == 0);
}

TEST_CASE("seams: a 600,000-digit integer reaches verify --expr exactly") {
  // N(10^6, 10^6) = binom(2*10^6 - 1, 10^6 - 1) - binom(2*10^6 - 3, 10^6 - 1) has about 602,000
  // digits (log10 binom(2n, n) ~ 2n log10 2 = 602,060 at n = 10^6), so it exceeds 10^100000
  auto r = run_boundcheck({"verify", "--expr", "sphere.dim(d=10^6, l=10^6) > 10^100000"});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("holds") != std::string::npos);
  // a comparison it cannot satisfy names the number in at most a few dozen digits per line
  r = run_boundcheck({"verify", "--expr", "sphere.dim(d=10^6, l=10^6) < 10", "--wide"});
  CHECK(r.code == 1);
  INFO("longest line: " << longest_line(r.out + r.err));
  CHECK(std::stoul(longest_line(r.out + r.err)) < 2000);
}

TEST_CASE("seams: an error quotes at most a few dozen digits of a number") {
  const std::string huge(5000, '7');
  auto r = run_boundcheck({"sphere", "dim", "--d", huge, "--l", "2"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  INFO(r.err.substr(0, 300));
  CHECK(r.err.find("7777777777...(5,000 digits)") != std::string::npos);
  CHECK(r.err.size() < 400);
}

TEST_CASE("seams: a derived column over exact cells stays exact") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "bc_seams_derived";
  fs::create_directories(dir);
  {
    std::ofstream f(dir / "spec.toml");
    f << "command = \"rank heads\"\n[fixed]\nd = 8\nr = 4\neps = \"1/4\"\n"
         "[derived]\nratio = \"h_min / talk_power\"\nthird = \"talk_power / 3\"\n";
  }
  auto r = run_boundcheck({"table", "--spec", "spec.toml", "--format", "json", "--digits", "12"}, 600, {},
                          dir.string());
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& row = j["rows"][0];
  // 3/16 = 0.1875 exactly: printed as itself, not as the 2 digits that 3 and 16 +-1 unit would support
  CHECK(row["ratio"] == "0.1875");
  // 16/3 = 5.33333333333...: every one of the 12 digits, as from an exact value
  CHECK(row["third"] == "5.33333333333");
  fs::remove_all(dir);
}

// Found by the seam sweep (scripts/redteam_seams.py, 2026-11-27). References by hand:
// M^2 log2 N = 16^2 * 3 = 768 at N = 8; 120 of 120 subsets certified is exactly 1; the exponent
// min(N/2, d-1) = min(8, 9) = 8.
TEST_CASE("seams: a double cell keeps its stated error, a rational cell its exact value") {
  auto verdict = [](const std::string& e) {
    auto r = run_boundcheck({"verify", "--expr", e, "--format", "json"});
    INFO(e << ": " << r.err);
    REQUIRE((r.code == 0 || r.code == 1));
    const auto j = nlohmann::json::parse(r.out);
    return j["rows"][0]["verdict"].get<std::string>() + " | " + j["rows"][0]["grade"].get<std::string>();
  };
  const std::string pm = "comm.pair-matching(N=8, M=16, alpha=2000, trials=6).M2_log2_N";
  // a whole-number double printed "768" is 768 +- 2 units in its 12th digit, not 768 +- 1
  CHECK(verdict(pm + " == 769") == "fails | estimate (doubles: uncertified)");
  // true on doubles is an estimate too: the grade never calls it a certified bound
  CHECK(verdict("abs(" + pm + " - 768) < 10^-6") == "holds | estimate (doubles: uncertified)");
  CHECK(verdict("comm.neighborly(N=16, q=2, k=24).fraction_certified == 1") == "holds | exact");
  CHECK(verdict("sym.bound(d=10, N=16, H=100).exponent == 8") == "holds | exact");
  CHECK(verdict("sym.bound(d=10, N=15, H=100).exponent == 15/2") == "holds | exact");
  // binom(n, k) = binom(n, n - k) exactly, whichever of the two is written
  CHECK(verdict("binom(109999, 99999) == binom(109999, 10000)") == "holds | exact");
}

// Issue 36: rank u --weighting as-printed reaches every front end with the same meaning. Reference:
// data/u_as_printed_mpmath.csv (the authors' formula with its inner products by mpmath quadrature):
// u(1) = 1.3491865588869335221e8 (as printed), 2.6495407042212918725e6 (reproducing), at d = 4.
TEST_CASE("seams: rank u --weighting as-printed from the CLI, a spec and verify --expr") {
  namespace fs = std::filesystem;
  auto cli = run_boundcheck({"rank", "u", "--d", "4", "--t", "1", "--weighting", "as-printed", "--digits",
                             "15", "--format", "json"});
  INFO(cli.err);
  REQUIRE(cli.code == 0);
  const auto j = nlohmann::json::parse(cli.out);
  CHECK(j["rows"][0]["u"] == "134918655.888693");
  CHECK(j["params"]["weighting"] == "as-printed");
  CHECK(j["meta"]["notes"].dump().find("does NOT reproduce the target") != std::string::npos);
  auto dflt = run_boundcheck({"rank", "u", "--d", "4", "--t", "1", "--digits", "15", "--format", "json"});
  CHECK(nlohmann::json::parse(dflt.out)["rows"][0]["u"] == "2649540.70422129");
  CHECK(nlohmann::json::parse(dflt.out)["params"]["weighting"] == "reproducing");
  // a spec sweeping both
  const fs::path dir = fs::temp_directory_path() / "bc_seams_weighting";
  fs::create_directories(dir);
  {
    std::ofstream f(dir / "spec.toml");
    f << "command = \"rank u\"\ndigits = 15\n[fixed]\nd = 4\nt = 1\n[sweep]\nweighting = [\"as-printed\", "
         "\"reproducing\"]\n";
  }
  auto spec = run_boundcheck({"table", "--spec", "spec.toml", "--format", "json"}, 600, {}, dir.string());
  INFO(spec.err);
  REQUIRE(spec.code == 0);
  const auto s = nlohmann::json::parse(spec.out);
  REQUIRE(s["rows"].size() == 2);
  CHECK(s["rows"][0]["u"] == "134918655.888693");
  CHECK(s["rows"][1]["u"] == "2649540.70422129");
  fs::remove_all(dir);
  // verify --expr, both quote styles
  for (const char* e : {"rank.u(d=4, t=1, weighting=\"as-printed\").u ~= 1.3491865588869e8",
                        "rank.u(d=4, t=1, weighting='as-printed').u / rank.u(d=4, t=1).u > 50"}) {
    auto v = run_boundcheck({"verify", "--expr", e, "--format", "json"});
    INFO(e << ": " << v.out << v.err);
    CHECK(v.code == 0);
    CHECK(nlohmann::json::parse(v.out)["rows"][0]["verdict"] == "holds");
  }
}
