// The --help of `boundcheck tex` (its formula, source, cost, details and examples): one screen of
// text kept apart from the command's code, as table's is (tools/table/help.cpp).
#pragma once

#include "help.hpp"

namespace bc::cli {

Help tex_help();

}  // namespace bc::cli
