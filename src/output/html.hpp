// --format html: a self-contained report page (see html.cpp).
#pragma once

#include "output/table.hpp"

#include <string>

namespace bc::out {

/// The whole page: header, what is computed (Meta::about), the figure, the table with verdicts
/// coloured, notes, provenance, and the quoted source lines every reference links to.
std::string render_html(const Table& t, const Meta& meta);

}  // namespace bc::out
