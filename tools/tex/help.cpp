// The --help of `boundcheck tex` (see tools/tex/help.hpp).
#include "tex/help.hpp"

namespace bc::cli {

Help tex_help() {
  return Help{
      .formula =
          "One LaTeX definition per named value of the catalogue: every [[value]] (by its name) and every\n"
          "claim's computed value (by its id: the quantity of a quantity claim, or the left side of an\n"
          "expression claim's first comparison; a method, grid or asymptotic claim defines none).\n"
          "The paper writes \\input{numbers} and then \\bcvalue{NAME}, in text, math, a \\caption or a "
          "table.\n"
          "Every value is printed by boundcheck, never by TeX: exact integers in full, reals with only\n"
          "proven digits (the value's digits, else --digits; a claim: as many as its published number\n"
          "has); style plain, sci (\\ensuremath{{1.88\\times10^{-3}}}), grouped (45\\,696) or interval\n"
          "([lo, hi], rounded outward). An unknown NAME prints a bold ?? and a LaTeX warning.",
      .formula_latex = "",  // prose: the site shows the formula as text
      .source =
          "Your catalogue: each value's expression, each claim's source (DIR/*.toml); the file "
          "format and the CI recipe: docs/guides/paper.md.",
      .cost =
          "The values' quantities, each priced by its command before it runs (a command two values "
          "share is computed once), and one run of each claim that defines a value (for the verdict "
          "in its comment; --check runs only the claims the paper uses). The paper is read once "
          "(at most 16 MiB).",
      .details =
          "--check PAPER.tex reads the paper, its catalogue (--catalogue, default the paper's directory) "
          "and the numbers file (--numbers, default numbers.tex beside the paper) and nothing else: an "
          "\\input in the paper names a file, it is never opened. One "
          "line per problem, file:line: a \\bcvalue the catalogue does not define; the numbers file "
          "missing, or a definition in it that differs from the value computed now (stale); a claim the "
          "paper uses (\\bcvalue{CLAIM-ID}) not reaching its expected verdict; a number typed by hand "
          "that equals a defined value as printed (at least 3 significant digits; comments, \\bcvalue, "
          "\\label, \\cite, sizes and superscripts skipped), which should be \\bcvalue. Give --check the "
          "options the numbers were written with (--digits, --group, --separator).\n"
          "Exit codes: 0 the numbers were written, or the paper is clean; 1 a problem was found (or a "
          "value cannot be computed); 2 malformed input (a catalogue file, an option, a missing paper). "
          "--format csv or json lists the values (or the problems) as data. --certified prints every value "
          "as its enclosure (style interval).",
      .examples = {"boundcheck tex --catalogue docs/examples/paper --output numbers.tex",
                   "boundcheck tex --check docs/examples/paper/paper.tex --numbers numbers.tex",
                   "boundcheck tex --catalogue docs/examples/paper --format csv"}};
}

}  // namespace bc::cli
