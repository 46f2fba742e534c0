// "Did you mean ...?": the closest known name to a mistyped one, for error messages of every
// front end (unknown options and commands on the CLI, quantities and options in `verify --expr`,
// keywords, columns and quantities in Python).
//
// Distance: optimal string alignment (Levenshtein with adjacent transpositions; Damerau 1964,
// Wagner-Fischer dynamic programming), case-insensitive, with '-' and '_' the same letter.
// A candidate is suggested when it is within max(1, (n+1)/3) edits of the word (n = the word's
// length) or one of the two is a prefix of the other of at least 3 letters: "kernal" -> "kernel",
// "head" -> "heads", "H" -> "h", "epsilon" -> "eps". Cost O(n m) per candidate;
// words longer than 64 characters get no suggestion (hostile input stays cheap).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bc {

/// Edit distance between a and b (see the header comment), or SIZE_MAX-like large values for
/// words longer than 64 characters.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidates closest to `word` within the threshold, best first (ties in candidate order),
/// at most `max_count` of them; empty when none is close or `word` is itself a candidate.
std::vector<std::string> did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                                      std::size_t max_count = 1);

/// " (did you mean X?)" / " (did you mean X or Y?)" for did_you_mean(word, candidates, 2) restricted
/// to the best distance, or "" when nothing is close: ready to append to an error message.
std::string suggestion(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace bc
