// The model-size table at the end of talk-H (lines 907-913), compiled into the binary from
// data/talkH_models.csv (provenance in its header). Cells are kept as printed and read here:
//   "512" -> 512;  "1K", "32K" -> K x 1024 (or x 1000: the talk does not say which K it means);
//   "?" -> unknown (never 0);  "120 ?" -> 120, marked uncertain (the printed cell of GPT-4's L).
// Cost: O(size of the table).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bc::comm {

/// One cell as printed and as read.
struct SizeCell {
  std::string printed;
  std::optional<std::uint64_t> value;  ///< empty when printed "?"
  bool uncertain = false;              ///< printed with a trailing "?" after a number ("120 ?")
};

struct ModelSizes {
  std::string model;
  SizeCell N, L, H, m, nodes;
};

/// Reads one printed cell with K = k_unit (1000 or 1024). Throws DomainError naming `where` on
/// anything else (empty, negative, "3.5K", overflow).
SizeCell parse_size_cell(const std::string& text, std::uint64_t k_unit, const std::string& where);

/// Parses a CSV with the columns model,N,L,H,m,nodes ('#' comment lines; header required).
std::vector<ModelSizes> parse_model_table(const std::string& text, std::uint64_t k_unit,
                                          const std::string& where);

/// data/talkH_models.csv (embedded), with K = k_unit.
std::vector<ModelSizes> talkh_models(std::uint64_t k_unit = 1024);

}  // namespace bc::comm
