// --reading literal|simplified, shared by `comm sizes` and `comm models`: how talk-H's qSA size
// "m = O(d_in + q log N)" is read (src/comm/sizes.hpp), with the note that cites each line for
// what it says.
#pragma once

#include "comm/sizes.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace bc::cli {

/// Adds --reading (default literal) to a command.
void add_reading_option(CLI::App* app, std::string& value);

/// Validates --reading; throws UsageError naming the option and the value.
comm::Reading parse_reading(const std::string& value);

/// The output note: the formula used and the talk-H lines it comes from.
std::string qsa_reading_note(comm::Reading reading);

}  // namespace bc::cli
