// The data-driven bad-input catalogue (tests/cli/bad_input.txt; format in its header): every
// malformed or refused invocation must exit with its code, print nothing on stdout and exactly one
// stderr line "error: ..." matching its pattern, leave no --output file behind, and return within a
// generous 10 s (a safety net against hangs; refusals are estimated up front).
#include "run.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <stdexcept>

using bc::test::line_count;
using bc::test::run_boundcheck;

namespace {

// Shell-like word splitting: 'single' and "double" quotes, backslash escapes; '' is an empty word.
std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  bool in_word = false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\'' || c == '"') {
      const size_t j = s.find(c, i + 1);
      if (j == std::string::npos) throw std::runtime_error("unterminated quote in: " + s);
      cur += s.substr(i + 1, j - i - 1);
      in_word = true;
      i = j;
    } else if (c == '\\' && i + 1 < s.size()) {
      cur += s[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) out.push_back(cur);
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(cur);
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

struct Case {
  int line = 0;
  std::string argv_text;
  int code = 0;
  std::string pattern;
};

std::vector<Case> load_cases() {
  std::ifstream in(BOUNDCHECK_BAD_INPUT_FILE);
  REQUIRE(in);
  std::vector<Case> cases;
  std::string text;
  int n = 0;
  while (std::getline(in, text)) {
    ++n;
    if (text.empty() || text[0] == '#') continue;
    const size_t arrow = text.rfind(" => ");
    if (arrow == std::string::npos) throw std::runtime_error(fmt::format("bad_input.txt:{}: no ' => '", n));
    Case c;
    c.line = n;
    c.argv_text = text.substr(0, arrow);
    const std::string rest = text.substr(arrow + 4);
    const size_t slash = rest.find('/');
    if (slash == std::string::npos || rest.back() != '/')
      throw std::runtime_error(fmt::format("bad_input.txt:{}: expected CODE /REGEX/", n));
    c.code = std::stoi(rest.substr(0, slash));
    c.pattern = rest.substr(slash + 1, rest.size() - slash - 2);
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

TEST_CASE("cli: the bad-input catalogue (tests/cli/bad_input.txt)") {
  namespace fs = std::filesystem;
  const auto cases = load_cases();
  CHECK(cases.size() >= 120);
  const fs::path tmp = fs::temp_directory_path() / fmt::format("bc_bad_{}", getpid());
  for (const auto& c : cases) {
    fs::remove_all(tmp);
    fs::create_directories(tmp);
    const std::string out_path = (tmp / "out.txt").string();
    std::string text = replace_all(c.argv_text, "{FIX}", BOUNDCHECK_FIXTURES_DIR);
    text = replace_all(text, "{OUT}", out_path);
    text = replace_all(text, "{DIR}", tmp.string());
    const auto args = split_words(text);
    auto r = run_boundcheck(args, 10.0);
    INFO(fmt::format("bad_input.txt:{}: boundcheck {} -> exit {}{}, stdout: {}, stderr: {}", c.line, text,
                     r.code, r.timed_out ? " (killed after 10 s)" : "", r.out.substr(0, 200), r.err));
    CHECK(!r.timed_out);
    CHECK(r.code == c.code);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.rfind("error: ", 0) == 0);
    CHECK(std::regex_search(r.err, std::regex(c.pattern)));
    CHECK(!fs::exists(out_path));
    size_t left = 0;
    for (auto& e : fs::recursive_directory_iterator(tmp)) (void)e, ++left;
    CHECK(left == 0);
  }
  fs::remove_all(tmp);
}

TEST_CASE("cli: the catalogue covers every command family at least six times") {
  const auto cases = load_cases();
  for (const char* family : {"sphere", "rank", "depth", "sym", "comm", "verify", "table", "tex"}) {
    size_t n = 0;
    for (const auto& c : cases) n += c.argv_text.rfind(std::string(family) + " ", 0) == 0;
    INFO(family);
    CHECK(n >= 6);
  }
}
