// Figure lengths (see output/figure_size.hpp).
#include "output/figure_size.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <cstdlib>
#include <utility>

namespace bc::out {

namespace {

constexpr double kPtPerInch = 72.27;

/// A plain decimal ("3", "0.95", ".5"): digits with at most one point, at most 8 characters.
std::optional<double> decimal(std::string_view s) {
  if (s.empty() || s.size() > 8 || s == ".") return std::nullopt;
  int points = 0;
  for (char c : s) {
    if (c == '.') ++points;
    if (points > 1 || (c != '.' && std::isdigit(static_cast<unsigned char>(c)) == 0)) return std::nullopt;
  }
  return std::strtod(std::string(s).c_str(), nullptr);
}

const std::array<std::pair<std::string_view, double>, 6> kUnits{{
    {"in", 1.0},
    {"cm", 1.0 / 2.54},
    {"mm", 1.0 / 25.4},
    {"pt", 1.0 / kPtPerInch},
    {"bp", 1.0 / 72.0},
    {"pc", 12.0 / kPtPerInch},
}};

const char* const kExpected =
    "must be a LaTeX length such as \"3.2in\", \"8cm\", \"240pt\" or \"0.95\\columnwidth\" (units in, cm, "
    "mm, "
    "pt, bp, pc; or a factor of \\columnwidth, \\linewidth, \\textwidth)";

}  // namespace

double FigureLength::nominal_inches() const {
  if (!is_relative()) return value;
  return value * (relative == "textwidth" ? kNominalTextPt : kNominalColumnPt) / kPtPerInch;
}

std::string FigureLength::latex() const {
  if (!is_relative()) return fmt::format("{:g}in", value);
  return value == 1.0 ? "\\" + relative : fmt::format("{:g}\\{}", value, relative);
}

std::optional<FigureLength> parse_figure_length(std::string_view s, std::string& why) {
  why.clear();
  FigureLength f;
  if (const auto slash = s.find('\\'); slash != std::string_view::npos) {
    const std::string_view name = s.substr(slash + 1);
    const auto factor = slash == 0 ? std::optional<double>(1.0) : decimal(s.substr(0, slash));
    if ((name == "columnwidth" || name == "linewidth" || name == "textwidth") && factor) {
      if (!(*factor >= 0.1 && *factor <= 1.0)) {
        why = fmt::format("the factor of \\{} must be in [0.1, 1], got {:g}", name, *factor);
        return std::nullopt;
      }
      f.value = *factor;
      f.relative = std::string(name);
      return f;
    }
    why = kExpected;
    return std::nullopt;
  }
  for (const auto& [unit, inches] : kUnits)
    if (s.size() > unit.size() && s.substr(s.size() - unit.size()) == unit)
      if (const auto v = decimal(s.substr(0, s.size() - unit.size()))) {
        f.value = *v * inches;
        if (!(f.value >= 0.5 && f.value <= 20.0)) {
          why = fmt::format("must be between 0.5in and 20in, got {:.3g}in", f.value);
          return std::nullopt;
        }
        return f;
      }
  why = kExpected;
  return std::nullopt;
}

}  // namespace bc::out
