// numbers.tex, the file `boundcheck tex` writes and `tex --check` reads back. It defines \bcvalue
// and one macro per named value, each after a comment with its expression, its enclosure and (for
// a claim) its verdict:
//
//   \protected\gdef\bcvalue#1{%                       robust: \caption, tables, math, text
//   \ifcsname bc@v@\detokenize{#1}\endcsname\csname bc@v@\detokenize{#1}\endcsname
//   \else\PackageWarning{boundcheck}{...}\textbf{??}%  an unknown name: ?? and a warning, as \ref
//   \fi}%
//   % mine.h32 = rank.heads(d=32, r=2, eps=1/10)
//   %   computed: 12345 (exact integer)
//   \expandafter\gdef\csname bc@v@\detokenize{mine.h32}\endcsname{12\,345}
//
// Names go through \detokenize, so '_' (and a babel shorthand such as ':') is a plain character in
// the name whatever its catcode; they are checked names (tex/values.hpp), so they hold no brace.
// Everything from the catalogue in a comment goes through out::one_line_text: no control
// character, so nothing ends the comment. The values themselves are LaTeX that tex/number.hpp
// made from digits. Definitions are global (\gdef), so \input inside a group still defines them.
// Cost: O(size of the file).
#pragma once

#include "tex/values.hpp"

#include <map>
#include <string>
#include <vector>

namespace bc::cli::tex {

/// The file's text. `regenerate` is the command line that writes it (shown in its header).
std::string numbers_file(const std::vector<Computed>& values, const std::string& regenerate);

/// How every numbers file begins: tex --output overwrites only a file that begins so (or none).
inline constexpr const char* kNumbersFileStart = "% Numbers for a paper, computed by boundcheck ";

/// What a numbers file defines, read back: each definition's LaTeX and line, and the lines that
/// are neither comments nor definitions (the \bcvalue macro), in order.
struct NumbersFile {
  struct Definition {
    long line = 0;
    std::string latex;
  };
  std::map<std::string, Definition> definitions;
  std::vector<std::string> macro_lines;
  /// Lines that look like a definition but do not parse, or define a name twice.
  std::vector<std::pair<long, std::string>> malformed;
};
NumbersFile read_numbers_file(const std::string& text);

}  // namespace bc::cli::tex
