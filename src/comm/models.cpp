// See models.hpp.
#include "comm/models.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <sstream>

namespace bc::embedded {
const std::vector<std::pair<std::string, std::string>>& data_files();  // generated
}

namespace bc::comm {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

SizeCell parse_size_cell(const std::string& text, std::uint64_t k_unit, const std::string& where) {
  SizeCell c;
  c.printed = text;
  std::string s = trim(text);
  if (s == "?") return c;
  if (s.size() > 1 && s.back() == '?') {  // "120 ?": a number printed with a question mark
    c.uncertain = true;
    s = trim(s.substr(0, s.size() - 1));
  }
  std::uint64_t scale = 1;
  if (!s.empty() && (s.back() == 'K' || s.back() == 'k')) scale = k_unit, s.pop_back();
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string::npos)
    throw DomainError(
        fmt::format("{}: cell \"{}\" is not a size (digits with an optional K suffix, or ?)", where, text));
  c.value = std::stoull(s) * scale;
  return c;
}

std::vector<ModelSizes> parse_model_table(const std::string& text, std::uint64_t k_unit,
                                          const std::string& where) {
  std::vector<ModelSizes> out;
  std::istringstream in(text);
  std::string line;
  bool header = true;
  size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) f.push_back(cell);
    if (header) {
      if (line != "model,N,L,H,m,nodes")
        throw DomainError(fmt::format("{}: header must be model,N,L,H,m,nodes, got \"{}\"", where, line));
      header = false;
      continue;
    }
    if (f.size() != 6 || trim(f[0]).empty())
      throw DomainError(fmt::format("{}: line {} needs 6 cells model,N,L,H,m,nodes", where, lineno));
    const std::string w = fmt::format("{}: line {}", where, lineno);
    ModelSizes m;
    m.model = trim(f[0]);
    m.N = parse_size_cell(f[1], k_unit, w);
    m.L = parse_size_cell(f[2], k_unit, w);
    m.H = parse_size_cell(f[3], k_unit, w);
    m.m = parse_size_cell(f[4], k_unit, w);
    m.nodes = parse_size_cell(f[5], k_unit, w);
    out.push_back(std::move(m));
  }
  if (header) throw DomainError(fmt::format("{}: no header line", where));
  return out;
}

std::vector<ModelSizes> talkh_models(std::uint64_t k_unit) {
  for (const auto& [name, text] : embedded::data_files())
    if (name == "talkH_models.csv") return parse_model_table(text, k_unit, "data/talkH_models.csv");
  throw std::logic_error("missing embedded data file talkH_models.csv");
}

}  // namespace bc::comm
