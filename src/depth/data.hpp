// Published tables of paper-L, compiled into the binary from data/ (with their provenance there):
// the depth-efficiency transition points (Table 4) and the GPT-3 architectures with the paper's
// projected optimal depth and width (Table 1).
#pragma once

#include <string>
#include <vector>

namespace bc::depth {

struct TransitionPoint {
  double L, dx, delta_dx;
};

struct ModelRow {
  std::string model, printed_name, printed_size;
  unsigned long n_layers = 0, d_model = 0;  // 0 for the 1T row (no trained architecture)
  unsigned long published_L = 0, published_width = 0;
};

/// data/depth_transitions.csv (embedded).
std::vector<TransitionPoint> transition_points();
/// Parses a CSV with columns L,dx,delta_dx ('#' comments allowed); throws DomainError.
std::vector<TransitionPoint> parse_transition_points(const std::string& text, const std::string& where);
/// data/gpt3_models.csv (embedded).
std::vector<ModelRow> gpt3_models();

}  // namespace bc::depth
