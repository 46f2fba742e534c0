// End-to-end tests of the boundcheck executable: every command in every format, the JSON
// contract, atomic --output, thread-count independence, help, and a catalogue of malformed
// invocations that must each produce exit code 2 or 1, exactly one line on stderr beginning
// "error: ", and nothing on stdout.
#include "run.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using bc::test::line_count;
using bc::test::run_boundcheck;
using Args = std::vector<std::string>;

namespace {

const std::vector<Args> kCommands = {
    {"sphere", "dim", "--d", "7", "--l-max", "4"},
    {"sphere", "gegenbauer", "--d", "5", "--l", "12", "--t", "0.3", "--norm", "orthonormal"},
    {"sphere", "sign-coef", "--d", "4", "--l-max", "9"},
    {"sphere", "sign-coef", "--d", "5", "--l-max", "9", "--exact"},
    {"sphere", "hecke-funk", "--d", "6", "--l", "31"},
    {"verify", "--id", "sphere.dim"},
    {"rank", "count", "--d", "5", "--r", "2", "--l-max", "4"},
    {"rank", "bound", "--d", "16", "--r", "4", "--H", "10"},
    {"rank", "bound", "--d", "16:32:16", "--r", "1,4", "--H", "1,10", "--kernel", "double"},
    {"rank", "heads", "--d", "32", "--r", "4", "--eps", "0.2"},
    {"rank", "majority", "--d", "5", "--H", "7", "--target", "0.2"},
    {"rank", "head-target", "--d", "8", "--theta", "pi/6"},
    {"rank", "u", "--d", "8", "--t", "1/2", "--degree", "9"},
    {"rank", "random-features", "--d", "8", "--H", "12", "--trials", "3", "--seed", "5"},
    {"depth", "bounds", "--L", "3", "--dx", "64", "--H", "2"},
    {"depth", "bounds", "--L", "4", "--dx", "512", "--H", "8", "--corollary", "1", "--shallow-L", "2"},
    {"depth", "bounds", "--L", "8", "--dx", "64", "--H", "4", "--corollary", "2", "--beta2-const", "1/2"},
    {"depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "3", "--exact"},
    {"depth", "grid-rank", "--network", "--L", "2", "--dx", "2", "--N", "4", "--templates", "4"},
    {"depth", "fit", "--variants"},
    {"depth", "transition", "--L", "80,96"},
    {"depth", "optimal", "--model", "all"},
    {"depth", "optimal", "--params", "175B"},
    {"sym", "hstar", "--d", "3", "--N", "1:6"},
    {"sym", "bound", "--d", "10", "--N", "15,16", "--H", "100"},
    {"sym", "gram", "--N", "3", "--degree", "5"},
    {"sym", "gram", "--N", "2", "--degree", "3", "--matrix", "--normalised"},
    {"sym", "gram", "--N", "3", "--degree", "6", "--measure", "circle", "--normalised"},
    {"sym", "eckart-young", "--power", "50", "--alpha", "1/3", "--H", "5"},
    {"sym", "eckart-young", "--family", "4", "--N", "5", "--H", "10"},
    {"comm", "sizes", "--N", "512,1000", "--d", "1", "--q", "1,8"},
    {"comm", "models"},
    {"comm", "models", "--p", "16", "--K", "1000", "--model", "gpt-3"},
    {"comm", "neighborly", "--N", "10", "--q", "2", "--k", "12", "--seed", "3"},
    {"comm", "neighborly", "--N", "8", "--q", "1", "--seed", "1", "--search-k"},
    {"comm", "neighborly", "--N", "8", "--q", "2", "--k", "10", "--list"},
    {"comm", "neighborly", "--N", "300", "--q", "3", "--k", "30", "--samples", "5"},
    {"comm", "pair-matching", "--N", "16", "--M", "32", "--alpha", "300", "--trials", "20", "--seed", "2"},
    {"comm", "pair-matching", "--N", "8", "--M", "16", "--search-alpha", "--trials", "10"},
    {"verify", "--id", "comm.qsa.bert"},
};

nlohmann::json parse_json(const std::string& s) { return nlohmann::json::parse(s); }

}  // namespace

TEST_CASE("cli: every command in every format") {
  for (const auto& cmd : kCommands) {
    for (const char* fmtname : {"table", "csv", "json", "markdown", "latex"}) {
      Args a = cmd;
      a.insert(a.end(), {"--format", fmtname});
      auto r = run_boundcheck(a);
      INFO(fmt::format("{} --format {}: {}", fmt::join(cmd, " "), fmtname, r.err));
      CHECK(r.code == 0);
      CHECK(!r.out.empty());
      if (std::string(fmtname) == "json") {
        auto j = parse_json(r.out);
        CHECK(j.contains("boundcheck"));
        CHECK(j["command"].is_string());
        CHECK(j["params"].is_object());
        CHECK(j["columns"].is_array());
        CHECK(j["rows"].is_array());
        CHECK(j["meta"]["digits"] == 30);
        CHECK(j["meta"].contains("threads"));
        CHECK(j["meta"].contains("certified"));
        for (const auto& row : j["rows"]) {
          CHECK(row.size() == j["columns"].size());
          for (const auto& c : j["columns"]) CHECK(row.contains(c.get<std::string>()));
        }
      }
      if (std::string(fmtname) == "csv") {
        // the header names the same columns as JSON
        auto j = parse_json(run_boundcheck([&] {
                              Args b = cmd;
                              b.insert(b.end(), {"--format", "json"});
                              return b;
                            }())
                                .out);
        std::string header = r.out.substr(0, r.out.find('\n'));
        std::string expect;
        for (const auto& c : j["columns"]) expect += (expect.empty() ? "" : ",") + c.get<std::string>();
        CHECK(header == expect);
      }
    }
  }
}

TEST_CASE("cli: sphere dim --d 100000 --l 10000 prints all 14551 digits as a JSON string") {
  auto r = run_boundcheck({"sphere", "dim", "--d", "100000", "--l", "10000", "--format", "json"});
  REQUIRE(r.code == 0);
  auto j = parse_json(r.out);
  CHECK(j["command"] == "sphere dim");
  CHECK(j["rows"][0]["N"].is_string());
  CHECK(j["rows"][0]["N"].get<std::string>().size() == 14551);
  // first and last digits from Python's math.comb (data/dim_mathcomb.csv)
  CHECK(j["rows"][0]["N"].get<std::string>().substr(0, 20) == "59152569559859598303");
}

TEST_CASE("cli: gegenbauer examples give the digits Arb's hypergeometric routine gives") {
  auto r = run_boundcheck(
      {"sphere", "gegenbauer", "--d", "100", "--l", "100000", "--t", "0.3", "--format", "csv"});
  REQUIRE(r.code == 0);
  // data/gegenbauer_large_arb.csv: -7.38362775080086035620959682133943972855198409e+164
  CHECK(r.out.find("-7.38362775080086035620959682134e+164") != std::string::npos);
  auto c =
      run_boundcheck({"sphere", "gegenbauer", "--d", "11", "--l", "10000", "--t", "3/10", "--certified"});
  REQUIRE(c.code == 0);
  CHECK(c.out.find("[545423554472.733353892654412503") != std::string::npos);
  CHECK(c.out.find("+/-") != std::string::npos);
}

TEST_CASE("cli: --output is atomic and equals stdout") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / fmt::format("bc_cli_{}", getpid());
  fs::create_directories(dir);
  auto file = (dir / "t.json").string();
  auto a = run_boundcheck(
      {"sphere", "sign-coef", "--d", "3", "--l-max", "7", "--format", "json", "--output", file});
  auto b = run_boundcheck({"sphere", "sign-coef", "--d", "3", "--l-max", "7", "--format", "json"});
  CHECK(a.code == 0);
  CHECK(a.out.empty());
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == b.out);
  // a failing run leaves no file (and no temporary) behind
  auto bad = (dir / "none" / "x.csv").string();
  auto f = run_boundcheck({"sphere", "dim", "--d", "3", "--l", "2", "--output", bad});
  CHECK(f.code == 1);
  CHECK(line_count(f.err) == 1);
  auto g = run_boundcheck({"sphere", "dim", "--d", "1", "--l", "2", "--output", (dir / "y.csv").string()});
  CHECK(g.code == 2);
  CHECK(!fs::exists(dir / "y.csv"));
  size_t n = 0;
  for (auto& e : fs::directory_iterator(dir)) (void)e, ++n;
  CHECK(n == 1);
  fs::remove_all(dir);
}

TEST_CASE("cli: output does not depend on --threads") {
  for (const auto& cmd : kCommands) {
    Args a = cmd, b = cmd;
    a.insert(a.end(), {"--threads", "1", "--format", "csv"});
    b.insert(b.end(), {"--threads", "2", "--format", "csv"});
    CHECK(run_boundcheck(a).out == run_boundcheck(b).out);
  }
}

TEST_CASE("cli: help and version on every level") {
  for (Args a : {Args{"--help"},
                 Args{"sphere", "--help"},
                 Args{"sphere", "dim", "--help"},
                 Args{"sphere", "gegenbauer", "--help"},
                 Args{"sphere", "sign-coef", "--help"},
                 Args{"sphere", "hecke-funk", "--help"},
                 Args{"verify", "--help"},
                 Args{"rank", "--help"},
                 Args{"rank", "bound", "--help"},
                 Args{"rank", "heads", "--help"},
                 Args{"depth", "--help"},
                 Args{"depth", "fit", "--help"},
                 Args{"depth", "grid-rank", "--help"},
                 Args{"sym", "--help"},
                 Args{"sym", "gram", "--help"},
                 Args{"sym", "bound", "--help"},
                 Args{"table", "--help"},
                 Args{"comm", "--help"},
                 Args{"comm", "neighborly", "--help"},
                 Args{"comm", "pair-matching", "--help"}}) {
    auto r = run_boundcheck(a);
    INFO(fmt::format("{}", fmt::join(a, " ")));
    CHECK(r.code == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
    CHECK(r.err.empty());
  }
  auto v = run_boundcheck({"--version"});
  CHECK(v.code == 0);
  CHECK(v.out.find(BOUNDCHECK_VERSION_STRING) != std::string::npos);
}

TEST_CASE("cli: verify prints its table and exits 0, --list shows the catalogue") {
  auto r = run_boundcheck({"verify", "--format", "json"});
  CHECK(r.code == 0);
  auto j = parse_json(r.out);
  CHECK(j["rows"].size() >= 10);
  for (const auto& row : j["rows"]) CHECK(row["verdict"] == row["expected"]);
  auto l = run_boundcheck({"verify", "--list", "--format", "csv"});
  CHECK(l.code == 0);
  CHECK(l.out.find("sphere.sign.parseval") != std::string::npos);
  // a catalogue directory with a failing claim makes verify exit 1 with the table still printed
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / fmt::format("bc_cat_{}", getpid());
  fs::create_directories(dir);
  std::ofstream(dir / "bad.toml")
      << "[[claim]]\nid='x'\nclaim='N(3,l) = (l+1)^2'\nsource='test'\n"
         "published='(l+1)^2'\ntolerance='exact'\nmethod='sphere.dim_closed_form'\n"
         "[claim.params]\nd=3\nformula='(l+1)^2'\nl_max=3\nl_extra=[]\n";
  auto f = run_boundcheck({"verify", "--catalogue", dir.string(), "--format", "csv"});
  CHECK(f.code == 1);
  CHECK(f.out.find(",fails") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("cli: bad input gives one line on stderr, exit 2 or 1, nothing on stdout") {
  struct Bad {
    Args args;
    int code;
  };
  const std::vector<Bad> cases = {
      {{}, 2},                                                               // no command
      {{"sphere"}, 2},                                                       // no quantity
      {{"nonsense"}, 2},                                                     // unknown command
      {{"sphere", "dim", "--l", "3"}, 2},                                    // missing --d
      {{"sphere", "dim", "--d", "1", "--l", "3"}, 2},                        // d = 1
      {{"sphere", "dim", "--d", "-3", "--l", "3"}, 2},                       // negative
      {{"sphere", "dim", "--d", "abc", "--l", "3"}, 2},                      // not a number
      {{"sphere", "dim", "--d", "", "--l", "3"}, 2},                         // empty value
      {{"sphere", "dim", "--d", "3.5", "--l", "3"}, 2},                      // not an integer
      {{"sphere", "dim", "--d", "99999999999999999999999", "--l", "3"}, 2},  // overflow-sized
      {{"sphere", "dim", "--d", "3"}, 2},                                    // neither --l nor --l-max
      {{"sphere", "dim", "--d", "3", "--l", "2", "--l-max", "4"}, 2},        // both
      {{"sphere", "dim", "--d", "3", "--l", "2", "--bogus"}, 2},             // unknown option
      {{"sphere", "dim", "--d", "3", "--l", "2", "--format", "xml"}, 2},     // bad format
      {{"sphere", "dim", "--d", "3", "--l", "2", "--digits", "0"}, 2},       // absurd digits
      {{"sphere", "dim", "--d", "3", "--l", "2", "--digits", "1000000000"}, 2},
      {{"sphere", "dim", "--d", "3", "--l", "2", "--threads", "0"}, 2},
      {{"sphere", "dim", "--d", "1000000000", "--l", "1000000000"}, 1},  // a billion digits
      {{"sphere", "dim", "--d", "3", "--l-max", "100000000000"}, 1},     // output too large
      {{"sphere", "gegenbauer", "--d", "5", "--l", "3", "--t", "zero"}, 2},
      {{"sphere", "gegenbauer", "--d", "5", "--l", "3", "--t", "1/0"}, 2},
      {{"sphere", "gegenbauer", "--d", "5", "--l", "3", "--t", "0.3", "--norm", "weird"}, 2},
      {{"sphere", "gegenbauer", "--d", "5", "--l", "3"}, 2},                            // missing --t
      {{"sphere", "gegenbauer", "--d", "5", "--l", "1000000000000", "--t", "0.3"}, 1},  // too slow
      {{"sphere", "gegenbauer", "--d", "5", "--l", "3", "--t", "1e999999999"}, 2},
      {{"sphere", "sign-coef", "--d", "3", "--l", "3", "--include-even"}, 2},
      {{"sphere", "sign-coef", "--d", "3", "--l-max", "100000000000"}, 1},
      {{"sphere", "sign-coef", "--d", "3", "--l-max", "1000000", "--exact"}, 1},
      {{"sphere", "hecke-funk", "--d", "3", "--l", "10000000"}, 1},
      {{"sphere", "hecke-funk", "--d", "0", "--l", "3"}, 2},
      {{"verify", "--id", "no.such.claim"}, 2},
      {{"verify", "--catalogue", "/nonexistent/dir"}, 2},
      {{"sphere", "dim", "--d"}, 2},  // option without value
      {{"sym"}, 2},
      {{"sym", "hstar", "--d", "0", "--N", "3"}, 2},
      {{"sym", "hstar", "--d", "3"}, 2},
      {{"sym", "hstar", "--d", "1000000000", "--N", "1000000000"}, 1},  // 6e8 digits
      {{"sym", "bound", "--d", "3", "--N", "4", "--H", "0"}, 2},
      {{"sym", "bound", "--d", "3", "--N", "4"}, 2},
      {{"sym", "bound", "--d", "3", "--N", "0", "--H", "2"}, 2},
      {{"sym", "bound", "--d", "100000000", "--N", "100000000", "--H", "5"}, 1},  // 2^(5e7)
      {{"sym", "gram", "--N", "0", "--degree", "3"}, 2},
      {{"sym", "gram", "--N", "3"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "0"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "31"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "3", "--measure", "gue"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "4", "--lambda", "1+3"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "4", "--lambda", "3+0"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "4", "--lambda", "(3,1)"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "4", "--lambda", "5+1"}, 2},
      {{"sym", "gram", "--N", "3", "--degree", "3", "--sum", "fast"}, 2},
      {{"sym", "gram", "--N", "24", "--degree", "24", "--measure", "circle"}, 1},  // cost
      {{"sym", "gram", "--N", "5", "--degree", "30", "--matrix"}, 1},              // output
      {{"sym", "eckart-young", "--uniform", "10", "--H", "0"}, 2},
      {{"sym", "eckart-young", "--uniform", "10"}, 2},
      {{"sym", "eckart-young", "--spectrum", "/nonexistent/file", "--H", "2"}, 2},
      {{"sym", "eckart-young", "--uniform", "10", "--power", "5", "--H", "2"}, 2},
      {{"sym", "eckart-young", "--power", "5", "--H", "2"}, 2},
      {{"sym", "eckart-young", "--power", "5", "--alpha", "-1", "--H", "2"}, 2},
      {{"sym", "eckart-young", "--family", "6", "--N", "4", "--H", "2"}, 1},   // K > N
      {{"sphere", "dim", "--d"}, 2},                                           // option without value
      {{"comm"}, 2},                                                           // no quantity
      {{"comm", "sizes", "--N", "0", "--d", "1", "--q", "1"}, 2},              // N = 0
      {{"comm", "sizes", "--N", "8", "--d", "1", "--q", "9"}, 2},              // q > N
      {{"comm", "sizes", "--N", "8", "--d", "1", "--q", "1", "--c", "0"}, 2},  // c <= 0
      {{"comm", "sizes", "--N", "8", "--d", "1", "--q", "1", "--p", "0"}, 2},  // p = 0
      {{"comm", "models", "--model", "GPT-5"}, 2},                             // unknown model
      {{"comm", "models", "--K", "1001"}, 2},                                  // unknown K reading
      {{"comm", "neighborly", "--N", "10", "--q", "3", "--k", "2"}, 2},        // k < q
      {{"comm", "neighborly", "--N", "10", "--q", "11", "--k", "12"}, 2},      // q > N
      {{"comm", "neighborly", "--N", "0", "--q", "1", "--k", "2"}, 2},         // N = 0
      {{"comm", "neighborly", "--N", "10", "--q", "2"}, 2},                    // no --k
      {{"comm", "neighborly", "--N", "10", "--q", "2", "--k", "4", "--list", "--search-k"}, 2},
      {{"comm", "neighborly", "--N", "100000", "--q", "50", "--k", "4096", "--samples", "100000000"}, 1},
      {{"comm", "neighborly", "--N", "60", "--q", "3", "--search-k"}, 1},           // search too long
      {{"comm", "pair-matching", "--N", "8", "--M", "1", "--alpha", "1"}, 2},       // M = 1
      {{"comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "0"}, 2},      // alpha = 0
      {{"comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "-3"}, 2},     // alpha < 0
      {{"comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "1e400"}, 2},  // alpha huge
      {{"comm", "pair-matching", "--N", "8", "--M", "16"}, 2},                      // neither
      {{"comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "1", "--search-alpha"}, 2},
      {{"comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "1", "--theta", "1"}, 2},
      {{"comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "1", "--trials", "1000000000000"}, 1},
  };
  for (const auto& c : cases) {
    auto r = run_boundcheck(c.args);
    INFO(fmt::format("boundcheck {} -> exit {}, stderr: {}", fmt::join(c.args, " "), r.code, r.err));
    CHECK(r.code == c.code);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.rfind("error: ", 0) == 0);
  }
}

TEST_CASE("cli: sym gram shows Diaconis-Shahshahani up to N and its failure at N+1") {
  auto r = run_boundcheck({"sym", "gram", "--N", "3", "--degree", "5", "--format", "json"});
  REQUIRE(r.code == 0);
  auto j = parse_json(r.out);
  REQUIRE(j["rows"].size() == 5);
  for (int n = 1; n <= 5; ++n) {
    const auto& row = j["rows"][n - 1];
    CHECK(row["diagonal"] == (n <= 3 ? "yes" : "no"));
    CHECK(row["diag_is_z"] == (n <= 3 ? "yes" : "no"));
  }
  // n = 4: p(4) = 5, one partition (1^4) has more than 3 rows: rank 4, singular
  CHECK(j["rows"][3]["rank"] == 4);
  CHECK(j["rows"][3]["min_eigenvalue"] == "0");
  CHECK(j["rows"][3]["max_offdiag"] == "1");
  bool noted = false;
  for (const auto& n : j["meta"]["notes"])
    noted = noted || n.get<std::string>().find("first fails at degree n = 4") != std::string::npos;
  CHECK(noted);
}

TEST_CASE("cli: sym eckart-young rejects a malformed spectrum file with one line") {
  namespace fs = std::filesystem;
  fs::path f = fs::temp_directory_path() / fmt::format("bc_spec_{}.txt", getpid());
  std::ofstream(f) << "3\n0.5\n-1\n";
  auto r = run_boundcheck({"sym", "eckart-young", "--spectrum", f.string(), "--H", "1"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(line_count(r.err) == 1);
  CHECK(r.err.find("line 3") != std::string::npos);
  std::ofstream(f) << "3\n0.5\n1/2\n";
  auto ok = run_boundcheck({"sym", "eckart-young", "--spectrum", f.string(), "--H", "1", "--format", "csv"});
  CHECK(ok.code == 0);
  CHECK(ok.out.find("1/19") != std::string::npos);  // (1/4 + 1/4) / (9 + 1/2) = 1/19
  fs::remove(f);
}

TEST_CASE("cli: comm models keeps '?' as unknown and reads K as 1024 by default") {
  auto r = run_boundcheck({"comm", "models", "--format", "json"});
  REQUIRE(r.code == 0);
  auto j = parse_json(r.out);
  REQUIRE(j["rows"].size() == 4);
  CHECK(j["rows"][0]["model"] == "BERT");
  CHECK(j["rows"][0]["q_max"] == "113");
  CHECK(j["rows"][1]["N"] == 1024);
  CHECK(j["rows"][1]["nodes"] == "?");
  CHECK(j["rows"][2]["pHm"] == "393216");
  CHECK(j["rows"][2]["triple_can_hold"] == "yes");
  CHECK(j["rows"][3]["N"] == 32768);
  CHECK(j["rows"][3]["L"] == "120 ?");
  for (const char* col : {"H", "m", "q_max", "pHm", "triple_can_hold", "N_max_triple"})
    CHECK(j["rows"][3][col] == "?");
  auto k = run_boundcheck({"comm", "models", "--K", "1000", "--model", "GPT-4", "--format", "csv"});
  REQUIRE(k.code == 0);
  CHECK(k.out.find("GPT-4,32000,") != std::string::npos);
}

// ---- verify: claims as expressions (--expr, user catalogues) ---------------------------------

TEST_CASE("cli: verify --expr evaluates one expression through the command registry") {
  auto h = run_boundcheck(
      {"verify", "--expr", "all(l in 0..20: sphere.dim(d=3, l=l) == 2*l + 1)", "--format", "json"});
  CHECK(h.code == 0);
  auto j = parse_json(h.out);
  REQUIRE(j["rows"].size() == 1);
  CHECK(j["rows"][0]["verdict"] == "holds");
  CHECK(j["rows"][0]["grade"] == "exact");
  auto f = run_boundcheck({"verify", "--expr", "sphere.dim(d=4, l=3) == 15", "--format", "csv"});
  CHECK(f.code == 1);
  CHECK(f.out.find("fails") != std::string::npos);
  CHECK(f.out.find("16 == 15") != std::string::npos);  // the enclosures are shown
  // undecided at 30 printed digits, decided by the retry at 100
  auto u = run_boundcheck(
      {"verify", "--expr", "sphere.sign_coef(d=3, l=1).coef < sqrt(3)/2 + 10^-33", "--format", "json"});
  CHECK(u.code == 0);
  CHECK(parse_json(u.out)["rows"][0]["computed"].get<std::string>().find("decided at 100 digits") !=
        std::string::npos);
  auto n = run_boundcheck({"verify", "--expr", "log(1 + 10^-200) > 0", "--format", "csv"});
  CHECK(n.code == 1);
  CHECK(n.out.find("undecided") != std::string::npos);
  auto g = run_boundcheck(
      {"verify", "--expr", "depth.optimal(model='gpt3-large') ~= 38 [abs=1]", "--format", "csv"});
  CHECK(g.code == 0);
  CHECK(g.out.find("within tolerance") != std::string::npos);
  auto v =
      run_boundcheck({"verify", "--expr", "binom(10, 3) + rank.count(d=5, r=2, l=3)", "--format", "csv"});
  CHECK(v.code == 0);
  CHECK(v.out.find("value") != std::string::npos);
}

TEST_CASE("cli: verify --expr rejects malformed expressions with one line, exit 2, empty stdout") {
  const std::vector<std::string> bad = {
      "1 +",                                 // incomplete
      "(1 < 2",                              // unbalanced
      "1 < 2 < 3",                           // chained comparison
      "foo(3) > 1",                          // unknown function
      "x > 1",                               // unknown name
      "sphere.nodim(d=3) > 1",               // unknown quantity
      "sphere.dim(d=3, q=2) > 1",            // unknown option
      "sphere.dim(d=3, l=1/2) > 1",          // the command rejects the value
      "sphere.dim(d=3, l=sqrt(2)) > 1",      // not an exact argument
      "sphere.dim(d=3, l=2, digits=5) > 1",  // set by verify
      "rank.bound(d=8, r=2, H=3) > 0",       // no single primary column
      "sphere.dim(d=3, l_max=4) > 1",        // several rows
      "pi ~= sqrt(2)",                       // ~= without a literal or tolerance
      "all(k in 1..3: k)",                   // all() of a number
      "1 = 1",                               // '=' is not a comparison
  };
  for (const auto& e : bad) {
    auto r = run_boundcheck({"verify", "--expr", e});
    INFO(e << " -> " << r.err);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.rfind("error: ", 0) == 0);
  }
  auto c = run_boundcheck({"verify", "--expr", "(1 < 2"});
  CHECK(c.err.find("column 7") != std::string::npos);
}

TEST_CASE("cli: verify --catalogue runs a user catalogue of expression claims") {
  const std::string dir = std::string(BOUNDCHECK_CATALOGUE_DIR) + "/../tests/data/user_catalogue";
  auto r = run_boundcheck({"verify", "--catalogue", dir, "--format", "json"});
  INFO(r.err);
  CHECK(r.code == 0);
  auto j = parse_json(r.out);
  REQUIRE(j["rows"].size() >= 10);
  std::map<std::string, nlohmann::json> by_id;
  for (const auto& row : j["rows"]) {
    CHECK(row["verdict"] == row["expected"]);
    by_id[row["id"].get<std::string>()] = row;
  }
  size_t holds = 0, fails = 0;
  for (const auto& [id, row] : by_id) {
    holds += row["verdict"] == "holds";
    fails += row["verdict"] == "fails";
  }
  CHECK(holds >= 5);
  CHECK(fails >= 3);
  CHECK(by_id["user.pi.truncated"]["grade"] == "as truncation (not rounding)");
  CHECK(by_id["user.sign.c1"]["grade"] == "as rounding");
  CHECK(by_id["user.dim.big"]["grade"] == "exact");
  CHECK(by_id["user.gpt3.large"]["grade"].get<std::string>().rfind("within tolerance", 0) == 0);
  CHECK(by_id["user.sign.c1.tight"]["computed"].get<std::string>().find("decided at 100 digits") !=
        std::string::npos);
  CHECK(by_id["user.log.tiny"]["verdict"] == "undecided");
  CHECK(by_id["user.dim.wrong"]["computed"].get<std::string>().find("at l = 1") != std::string::npos);
  // the compact layout is the default for the table format
  auto t = run_boundcheck({"verify", "--catalogue", dir});
  CHECK(t.code == 0);
  CHECK(t.out.find("grade") != std::string::npos);
  CHECK(t.out.find("source") == std::string::npos);
  auto w = run_boundcheck({"verify", "--catalogue", dir, "--wide"});
  CHECK(w.out.find("source") != std::string::npos);
  // a malformed expression in a catalogue names file:line:column
  const std::string bad = std::string(BOUNDCHECK_CATALOGUE_DIR) + "/../tests/data/bad_catalogue";
  auto b = run_boundcheck({"verify", "--catalogue", bad});
  CHECK(b.code == 2);
  CHECK(b.out.empty());
  CHECK(line_count(b.err) == 1);
  CHECK(b.err.find("bad.toml:7:") != std::string::npos);
}
