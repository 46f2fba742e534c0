#include "depth/data.hpp"

#include "core/decimal.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <cmath>
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
    TransitionPoint p{};
    double* dst[3] = {&p.L, &p.dx, &p.delta_dx};
    for (int i = 0; i < 3; ++i) {
      // exact decimal syntax only: no hex (0x6), nan, inf or trailing text
      const auto q = parse_exact_rational(r[static_cast<size_t>(i)]);
      *dst[i] = q ? fmpq_get_d(q->x) : std::nan("");
    }
    // a depth L in (0, 10^4], a width and its error in (0, 10^100]: the fit exponentiates a + b L
    if (!(p.L > 0 && p.L <= 1e4) || !(p.dx > 0 && p.dx <= 1e100) || !(p.delta_dx > 0 && p.delta_dx <= 1e100))
      throw DomainError(fmt::format(
          "{}: row {} must be three decimal numbers L in (0, 10^4], dx and delta_dx in (0, 10^100]", where,
          k));
    out.push_back(p);
  }
  if (out.size() < 3)
    throw DomainError(fmt::format("{}: a line fit with errors needs at least 3 points", where));
  bool distinct = false;
  for (const auto& p : out) distinct = distinct || p.L != out[0].L;
  if (!distinct)
    throw DomainError(
        fmt::format("{}: a line fit needs at least two different depths L, all are {}", where, out[0].L));
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
