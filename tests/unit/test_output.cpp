// The output layer: every format carries the same columns; JSON follows PRODUCT.md's shape with
// exact values as strings; --output is atomic.
#include "core/errors.hpp"
#include "output/atomic_file.hpp"
#include "output/table.hpp"

#include <doctest/doctest.h>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace bc::out;

static Table sample() {
  Table t;
  t.command = "sphere dim";
  t.params["d"] = 3;
  t.columns = {"l", "value_x", "name"};
  t.add_row({Cell::of_int(1), Cell::of_exact("123456789012345678901234567890"), Cell::of_text("a,b")});
  t.add_row({Cell::of_int(2), Cell::of_real("-1.25e-7"), Cell::of_text("x_y")});
  t.notes.push_back("a note");
  return t;
}

TEST_CASE("output: json shape, exact values as strings") {
  auto j = nlohmann::json::parse(render(sample(), Meta{30, 2, false}, Format::json));
  CHECK(j["boundcheck"] == BOUNDCHECK_VERSION);
  CHECK(j["command"] == "sphere dim");
  CHECK(j["params"]["d"] == 3);
  CHECK(j["columns"] == nlohmann::json::array({"l", "value_x", "name"}));
  CHECK(j["rows"][0]["value_x"].is_string());
  CHECK(j["rows"][0]["value_x"] == "123456789012345678901234567890");
  CHECK(j["rows"][0]["l"].is_number_integer());
  CHECK(j["rows"][1]["value_x"] == "-1.25e-7");
  CHECK(j["meta"]["digits"] == 30);
  CHECK(j["meta"]["threads"] == 2);
  CHECK(j["meta"]["certified"] == false);
  CHECK(j["meta"]["notes"][0] == "a note");
}

TEST_CASE("output: csv quotes fields with commas, markdown and latex carry every column") {
  std::string csv = render(sample(), Meta{}, Format::csv);
  CHECK(csv == "l,value_x,name\n1,123456789012345678901234567890,\"a,b\"\n2,-1.25e-7,x_y\n");
  std::string md = render(sample(), Meta{}, Format::markdown);
  CHECK(md.find("| l | value_x | name |") == 0);
  CHECK(md.find("| 2 | -1.25e-7 | x_y |") != std::string::npos);
  std::string tex = render(sample(), Meta{}, Format::latex);
  // headers: the built-in label of l, the escaped name otherwise; numbers in siunitx S columns
  CHECK(tex.find("{$\\ell$} & {value\\_x} & name \\\\") != std::string::npos);
  CHECK(tex.find("S[table-format=1]S[table-format=-30.2e-1]l") != std::string::npos);
  CHECK(tex.find("2 & -1.25e-7 & x\\_y") != std::string::npos);
  CHECK(tex.find("\\toprule") != std::string::npos);
  CHECK(tex.find("\\caption{") != std::string::npos);
  CHECK(tex.find("x\\_y") != std::string::npos);
  std::string tab = render(sample(), Meta{}, Format::table);
  CHECK(tab.find("value_x") != std::string::npos);
  CHECK(tab.find("123456789012345678901234567890") != std::string::npos);
}

TEST_CASE("output: add_row rejects a wrong arity") {
  Table t;
  t.columns = {"a", "b"};
  CHECK_THROWS_AS(t.add_row({Cell::of_int(1)}), std::logic_error);
}

TEST_CASE("output: atomic write leaves the file or nothing") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("bc_atomic_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path f = dir / "out.txt";
  write_atomic(f.string(), "hello\n");
  std::ifstream in(f);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == "hello\n");
  size_t n = 0;
  for (auto& e : fs::directory_iterator(dir)) (void)e, ++n;
  CHECK(n == 1);  // no temporary left behind
  CHECK_THROWS_AS(write_atomic((dir / "missing" / "x.txt").string(), "x"), bc::ResourceError);
  CHECK(!fs::exists(dir / "missing"));
  fs::remove_all(dir);
}
