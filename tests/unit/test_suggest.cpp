// Did-you-mean suggestions (src/core/suggest.cpp) and the exact interval of a printed real
// (src/output/cell_value.cpp: printed_interval). References: edit distances counted by hand
// (Damerau's four operations), intervals built independently from fmpq_set_si.
#include "core/flint.hpp"
#include "core/suggest.hpp"
#include "output/cell_value.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

TEST_CASE("suggest: edit distance with transpositions, case and -/_ folded") {
  CHECK(bc::edit_distance("kernal", "kernel") == 1);  // one substitution
  CHECK(bc::edit_distance("kenrel", "kernel") == 1);  // one transposition
  CHECK(bc::edit_distance("head", "heads") == 1);     // one insertion
  CHECK(bc::edit_distance("H", "h") == 0);            // case
  CHECK(bc::edit_distance("max-terms", "max_terms") == 0);
  CHECK(bc::edit_distance("abc", "") == 3);
  CHECK(bc::edit_distance("sitting", "kitten") == 3);          // the textbook example
  CHECK(bc::edit_distance(std::string(65, 'a'), "a") > 1000);  // hostile lengths: no work
}

TEST_CASE("suggest: the closest candidate within the threshold") {
  const std::vector<std::string> opts{"--d", "--r", "--H", "--count", "--kernel", "--max-terms"};
  CHECK(bc::suggestion("--kernal", opts) == " (did you mean --kernel?)");
  CHECK(bc::suggestion("--h", opts) == " (did you mean --H?)");
  CHECK(bc::suggestion("--max_terms", opts) == " (did you mean --max-terms?)");
  CHECK(bc::suggestion("--zzzzzz", opts).empty());
  CHECK(bc::suggestion("--kernel", opts).empty());  // a known name needs no suggestion
  CHECK(bc::suggestion(std::string(5000, 'x'), opts).empty());
  CHECK(bc::suggestion("ab", {"ac", "ad", "xyz"}) == " (did you mean ac or ad?)");
  CHECK(bc::did_you_mean("rank.head", {"rank.heads", "rank.bound", "rank.count"}) ==
        std::vector<std::string>{"rank.heads"});
}

static bool interval(const char* text, slong lo_p, ulong lo_q, slong hi_p, ulong hi_q) {
  bc::Fmpq lo, hi;
  return bc::out::printed_interval(lo, hi, text) && lo == bc::Fmpq(lo_p, lo_q) && hi == bc::Fmpq(hi_p, hi_q);
}

TEST_CASE("printed_interval: the exact interval each printed form stands for") {
  CHECK(interval("1.25", 124, 100, 126, 100));  // +-1 unit in the last digit
  CHECK(interval("-1.25", -126, 100, -124, 100));
  CHECK(interval("2.5e-3", 24, 10000, 26, 10000));
  CHECK(interval("12", 11, 1, 13, 1));
  CHECK(interval("0", 0, 1, 0, 1));  // exact zero prints as 0
  CHECK(interval("[1.5 +/- 0.25]", 125, 100, 175, 100));
  CHECK(interval("[+/- 1e-3]", -1, 1000, 1, 1000));
  CHECK(interval("[1.25, 1.5]", 5, 4, 3, 2));
  bc::Fmpq lo, hi;
  for (const char* bad : {"", "inf", "nan", "1/3", "[1, 0]", "[1 +/- -1]", "[1.5 +/- ]", "one", "[1, 2"})
    CHECK_MESSAGE(!bc::out::printed_interval(lo, hi, bad), bad);
}
