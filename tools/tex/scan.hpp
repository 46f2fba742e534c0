// What `tex --check` reads in a paper's .tex source: the \bcvalue{NAME} it uses, the files it
// \input's, and the numbers it types by hand. The scanner is a reader of text, not a TeX
// interpreter: it runs nothing and opens nothing (an \input names a file; it is never read).
// Skipped: comments (an unescaped %), verbatim material (\verb, and the environments verbatim,
// Verbatim, lstlisting, minted, comment, filecontents), the arguments of \bcvalue and of the
// commands whose arguments are names, keys or sizes rather than text (\label, \ref, \cite,
// \input, \usepackage, \includegraphics, \setlength, ...), dimensions (12.5pt, 0.45\textwidth),
// digits glued to a letter (h32, log2), the base of a power (10^{4}) and the superscripts and
// subscripts themselves.
// A typed number is digits with optional groups of three (45696, 45\,696, 45{,}696, 45,696), a
// fraction and an exponent (1.88e-3, 1.88\times10^{-3}, 1.88 \cdot 10^{-3}); its sign is ignored.
// Cost: O(length of the text).
#pragma once

#include "tex/number.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace bc::cli::tex {

struct PaperScan {
  struct Use {
    std::string name;
    long line = 0;
  };
  struct Typed {
    std::string text;  ///< as typed, e.g. "45\,696"
    Decimal decimal;
    long line = 0;
  };
  std::vector<Use> uses;
  std::vector<Use> inputs;  ///< \input{X}, \include{X}: X as written
  std::vector<Typed> numbers;
  /// The file has \documentclass: a root file, which must \input the numbers itself (a chapter
  /// \input by one need not).
  bool root = false;
};

PaperScan scan_paper(std::string_view tex);

}  // namespace bc::cli::tex
