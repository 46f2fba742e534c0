// tex --check: what is wrong between a paper, its numbers file and its catalogue, one problem per
// line (file:line where there is one):
//   undefined  a \bcvalue{NAME} that the catalogue does not define (did you mean ...?);
//   input      the paper (a root file: it has \documentclass) uses \bcvalue but never \input's
//              the numbers file;
//   stale      the numbers file is missing, or a definition differs from the value recomputed now
//              (or is missing from it, or names a value the catalogue no longer has);
//   claim      a claim the paper relies on (\bcvalue{CLAIM-ID}) does not reach the verdict the
//              catalogue expects;
//   typed      a number typed by hand equals the printed value of a defined name (statcheck's idea:
//              the macro should have been used). Only numbers of at least 3 significant digits
//              count (years, section numbers and small parameters are not values), compared as
//              exact decimals (0.00188 is 1.88e-3 is 1.88\times10^{-3}), their sign ignored.
// Cost: O(uses + typed numbers x log(values)) past the values' own computation.
#pragma once

#include "tex/numbers_file.hpp"
#include "tex/scan.hpp"

#include <optional>
#include <string>
#include <vector>

namespace bc::cli::tex {

struct Problem {
  std::string file;
  long line = 0;  ///< 0: the file as a whole
  std::string kind, name, message;
  [[nodiscard]] std::string str() const;  ///< "paper.tex:14: message"
};

struct CheckInput {
  std::string paper;  ///< the paper's path as typed
  const PaperScan* scan = nullptr;
  std::string numbers;                            ///< the numbers file's path as typed or derived
  std::optional<std::string> numbers_text;        ///< nullopt: it does not exist
  std::string expected_text;                      ///< the numbers file as tex would write it now
  std::string regenerate;                         ///< the command that writes it
  const std::vector<Computed>* values = nullptr;  ///< claims the paper uses carry their outcome
  /// Claim ids that define no value (a method, a grid, ...), for a clearer message.
  std::vector<std::string> claims_without_value;
};

std::vector<Problem> check_paper(const CheckInput& in);

/// The least significant digits a typed number needs to be compared with the values.
inline constexpr size_t kTypedMinDigits = 3;

}  // namespace bc::cli::tex
