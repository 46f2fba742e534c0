#include "depth/data.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <sstream>

namespace bc::embedded {
const std::vector<std::pair<std::string, std::string>>& data_files();  // generated
}

namespace bc::depth {

namespace {

const std::string& embedded(const std::string& name) {
  for (const auto& [n, text] : embedded::data_files())
    if (n == name) return text;
  throw std::logic_error("missing embedded data file " + name);
}

std::vector<std::vector<std::string>> rows(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(text);
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) f.push_back(cell);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace

std::vector<TransitionPoint> parse_transition_points(const std::string& text, const std::string& where) {
  std::vector<TransitionPoint> out;
  size_t k = 0;
  for (const auto& r : rows(text)) {
    ++k;
    if (r.size() != 3) throw DomainError(fmt::format("{}: row {} needs 3 columns L,dx,delta_dx", where, k));
    try {
      size_t used = 0;
      TransitionPoint p{};
      double* dst[3] = {&p.L, &p.dx, &p.delta_dx};
      for (int i = 0; i < 3; ++i) {
        *dst[i] = std::stod(r[static_cast<size_t>(i)], &used);
        if (used != r[static_cast<size_t>(i)].size()) throw std::invalid_argument("trailing text");
      }
      if (!(p.dx > 0) || !(p.delta_dx > 0)) throw std::invalid_argument("nonpositive");
      out.push_back(p);
    } catch (const std::exception&) {
      throw DomainError(fmt::format("{}: row {} is not three positive numbers", where, k));
    }
  }
  if (out.size() < 3)
    throw DomainError(fmt::format("{}: a line fit with errors needs at least 3 points", where));
  return out;
}

std::vector<TransitionPoint> transition_points() {
  return parse_transition_points(embedded("depth_transitions.csv"), "data/depth_transitions.csv");
}

std::vector<ModelRow> gpt3_models() {
  std::vector<ModelRow> out;
  for (const auto& r : rows(embedded("gpt3_models.csv"))) {
    ModelRow m;
    m.model = r.at(0);
    m.printed_name = r.at(1);
    m.printed_size = r.at(2);
    m.n_layers = std::stoul(r.at(3));
    m.d_model = std::stoul(r.at(4));
    m.published_L = std::stoul(r.at(5));
    m.published_width = std::stoul(r.at(6));
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace bc::depth
