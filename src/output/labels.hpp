// Default LaTeX column headers in the papers' notation (output/labels.cpp).
#pragma once

#include <string>

namespace bc::out {

/// The LaTeX header of `column` in `command`'s output, or "" when there is none.
std::string default_label(const std::string& command, const std::string& column);

}  // namespace bc::out
