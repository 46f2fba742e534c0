// See commands/comm/reading.hpp. Source lines (talk-H = ../shared/papers/002_9ad3aa6ef46126dc.txt):
//   l.266 (repeated l.279, 296, 315, 337, 390): "Self-att. unit with m = O(d_in + q log N) suffices
//   for sparsity level q"; l.360 (repeated l.374): "x_i = (enc(i), enc(S_i), v_i) in R^{d_in},
//   d_in = O(d + (q + 1) log N)"; the construction: l.441-470.
#include "commands/comm/reading.hpp"

#include "parse.hpp"

#include <fmt/format.h>

namespace bc::cli {

void add_reading_option(CLI::App* app, std::string& value) {
  app->add_option(
         "--reading", value,
         "qSA attention size: literal (default; talk-H l.266 m = O(d_in + q log N) with l.360 d_in = "
         "O(d + (q+1) log N)) or simplified (m = O(d + q log N))")
      ->type_name("literal|simplified");
}

comm::Reading parse_reading(const std::string& value) {
  return parse_choice("--reading", value, {"literal", "simplified"}) == "literal" ? comm::Reading::literal
                                                                                  : comm::Reading::simplified;
}

std::string qsa_reading_note(comm::Reading reading) {
  if (reading == comm::Reading::literal)
    return "qSA by one self-attention unit, --reading literal (default): m = c (d_in + q log2 N) with d_in = "
           "c (d + (q+1) log2 N), i.e. d + (2q+1) log2 N at c = 1: talk-H l.266 (also l.390) says 'm = "
           "O(d_in + q log N) suffices for sparsity level q', l.360 says 'd_in = O(d + (q + 1) log N)'; "
           "construction l.441-470; --reading simplified gives m = c (d + q log2 N)";
  return "qSA by one self-attention unit, --reading simplified: m = c (d + q log2 N), talk-H l.266's 'm = "
         "O(d_in + q log N)' with d_in replaced by d (as l.473's d'_in = O(d + q log N) bounds it, "
         "docs/math/comm.md#two-readings; l.360 gives d_in = O(d + "
         "(q "
         "+ 1) log N), which --reading literal keeps)";
}

}  // namespace bc::cli
