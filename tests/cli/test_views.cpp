// The registry's views for the shell and for tools (issue 26): --version with the libraries (text
// and JSON), the same provenance in every JSON output and shard file, `help --format json`,
// `help COMMAND`, a group named alone listing its commands, did-you-mean for an option that differs
// only by case even when a required option is missing, and bad input to the new options.
#include "run.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using bc::test::line_count;
using bc::test::run_boundcheck;
using Args = std::vector<std::string>;
const std::vector<std::string> kLibraries = {"FLINT", "Arb", "Boost", "MPFR", "GMP", "Eigen", "GLPK"};

}  // namespace

TEST_CASE("views: --version names the commit, the libraries and the compiler, as text and JSON") {
  auto t = run_boundcheck({"--version"});
  REQUIRE(t.code == 0);
  CHECK(t.err.empty());
  CHECK(t.out.rfind(std::string("boundcheck ") + BOUNDCHECK_VERSION_STRING + " (commit ", 0) == 0);
  for (const auto& lib : kLibraries) CHECK_MESSAGE(t.out.find("\n  " + lib + " ") != std::string::npos, lib);
  CHECK(t.out.find("\n  compiler ") != std::string::npos);
  for (Args a : {Args{"--version", "--format", "json"}, Args{"--format=json", "--version"},
                 Args{"rank", "bound", "--version", "--format", "json"}}) {
    auto j = run_boundcheck(a);
    INFO(fmt::format("{}", fmt::join(a, " ")));
    REQUIRE(j.code == 0);
    const auto doc = nlohmann::json::parse(j.out);
    CHECK(doc["boundcheck"] == BOUNDCHECK_VERSION_STRING);
    CHECK(doc["commit"].is_string());
    CHECK(doc["compiler"].is_string());
    for (const auto& lib : kLibraries) CHECK(doc["libraries"][lib].is_string());
  }
  // --version alone stays cheap: it names no command, so none is declared (main's start-up)
  auto bad = run_boundcheck({"--version", "--format", "csv"});
  CHECK(bad.code == 2);
  CHECK(bad.out.empty());
  CHECK(line_count(bad.err) == 1);
  CHECK(bad.err.find("--version prints text") != std::string::npos);
}

TEST_CASE("views: every JSON output and every shard file carries the provenance of --version") {
  const auto version = nlohmann::json::parse(run_boundcheck({"--version", "--format", "json"}).out);
  auto r = run_boundcheck({"sphere", "dim", "--d", "3", "--l", "2", "--format", "json"});
  REQUIRE(r.code == 0);
  CHECK(nlohmann::json::parse(r.out)["provenance"] == version);
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("bc_views_{}", ::getpid());
  fs::create_directories(dir);
  const std::string spec = (dir / "s.toml").string(), shard = (dir / "p1.json").string();
  std::ofstream(spec) << "command = \"sphere dim\"\n[fixed]\nd = 3\n[sweep]\nl = [1, 2, 3]\n";
  auto s = run_boundcheck({"table", "--spec", spec, "--shard", "1/1", "--output", shard});
  REQUIRE(s.code == 0);
  std::ifstream in(shard);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(nlohmann::json::parse(text.str())["provenance"] == version);
  auto m = run_boundcheck({"table", "merge", shard, "--format", "csv"});
  CHECK(m.code == 0);  // the reader of shard files takes the new field
  CHECK(m.out == run_boundcheck({"table", "--spec", spec, "--format", "csv"}).out);
  fs::remove_all(dir);
}

TEST_CASE("views: help --format json is the registry, help COMMAND is its --help") {
  auto r = run_boundcheck({"help", "--format", "json"});
  REQUIRE(r.code == 0);
  const auto reg = nlohmann::json::parse(r.out);
  CHECK(reg["commands"].size() >= 28);
  bool found = false;
  for (const auto& c : reg["commands"]) {
    CHECK(!c["formula"].get<std::string>().empty());
    CHECK(c["examples"].size() >= 2);
    if (c["path"] != "rank bound") continue;
    found = true;
    std::vector<std::string> names;
    for (const auto& o : c["options"]) names.push_back(o["name"]);
    CHECK(names == std::vector<std::string>{"--d", "--r", "--H", "--count", "--kernel", "--max-terms"});
    CHECK(c["options"][3]["choices"] == nlohmann::json::array({"exact", "talk"}));
    CHECK(c["options"][0]["required"] == true);
  }
  CHECK(found);
  CHECK(run_boundcheck({"help", "rank", "bound"}).out == run_boundcheck({"rank", "bound", "--help"}).out);
  CHECK(run_boundcheck({"help"}).out == run_boundcheck({"--help"}).out);
  for (Args bad : {Args{"help", "--format", "csv"}, Args{"help", "--bogus"}}) {
    auto b = run_boundcheck(bad);
    CHECK(b.code == 2);
    CHECK(b.out.empty());
    CHECK(line_count(b.err) == 1);
  }
}

TEST_CASE("views: a group named alone lists its commands, one line each") {
  auto r = run_boundcheck({"rank"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("A subcommand is required") == std::string::npos);
  for (const char* c : {"count", "bound", "heads", "majority", "head-target", "u", "random-features"})
    CHECK_MESSAGE(r.out.find(fmt::format("\n  {} ", c)) != std::string::npos, c);
  CHECK(r.out.find("boundcheck rank <command> --help") != std::string::npos);
  // a group with an option is still an error (the option belongs to a command)
  auto o = run_boundcheck({"rank", "--threads", "2"});
  CHECK(o.code == 2);
  CHECK(line_count(o.err) == 1);
}

TEST_CASE("views: an option that differs only by case gets did-you-mean, even with a required one missing") {
  auto r = run_boundcheck({"rank", "bound", "--d", "64", "--r", "8", "--h", "10"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "error: rank bound: unknown option --h (did you mean --H?)\n");
  // without an unknown option, the missing one is still named
  auto m = run_boundcheck({"rank", "bound", "--d", "64", "--r", "8"});
  CHECK(m.code == 2);
  CHECK(m.err.find("--H") != std::string::npos);
}
