// Did-you-mean suggestions (src/core/suggest.cpp). References: edit distances counted by hand
// (Damerau's four operations).
#include "core/flint.hpp"
#include "core/suggest.hpp"

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
