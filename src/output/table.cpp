#include "output/table.hpp"

#include <fmt/format.h>

#include <iterator>
#include <stdexcept>

namespace bc::out {

Cell Cell::of_int(long long v) {
  Cell c;
  c.kind = CellKind::integer;
  c.ival = v;
  return c;
}
Cell Cell::of_exact(std::string digits) {
  Cell c;
  c.kind = CellKind::exact;
  c.str = std::move(digits);
  return c;
}
Cell Cell::of_real(std::string text) {
  Cell c;
  c.kind = CellKind::real;
  c.str = std::move(text);
  return c;
}
Cell Cell::of_double(double v, int sig) {
  Cell c;
  c.kind = CellKind::number;
  c.dval = v;
  c.sig = sig;
  return c;
}

void append_number(std::string& out, double v, int sig) {
  if (sig > 0)
    fmt::format_to(std::back_inserter(out), "{:.{}g}", v, sig);
  else
    fmt::format_to(std::back_inserter(out), "{}", v);
}
Cell Cell::of_text(std::string text) {
  Cell c;
  c.kind = CellKind::text;
  c.str = std::move(text);
  return c;
}

Cell Cell::of_flag(bool v) {
  Cell c = of_text(v ? "yes" : "no");
  c.literal = v ? Literal::yes : Literal::no;
  return c;
}
Cell Cell::of_null() {
  Cell c = of_text("-");
  c.literal = Literal::null;
  return c;
}

std::string Cell::display() const {
  switch (kind) {
    case CellKind::integer:
      return fmt::format("{}", ival);
    case CellKind::number: {
      std::string s;
      append_number(s, dval, sig);
      return s;
    }
    default:
      return str;
  }
}

nlohmann::ordered_json Cell::json() const {
  if (literal == Literal::null) return nullptr;
  if (literal != Literal::none) return literal == Literal::yes;
  switch (kind) {
    case CellKind::integer:
      return ival;
    case CellKind::number:
      if (dval != dval || dval == 1.0 / 0.0 || dval == -1.0 / 0.0) return fmt::format("{}", dval);
      return dval;
    default:
      return str;
  }
}

void Table::add_row(std::vector<Cell> row) {
  if (row.size() != columns.size())
    throw std::logic_error(fmt::format("Table::add_row: {} cells for {} columns in \"{}\"", row.size(),
                                       columns.size(), command));
  rows.push_back(std::move(row));
}

void Table::materialize() {
  if (!source) return;
  const std::shared_ptr<const RowSource> src = std::move(source);
  source.reset();
  rows.reserve(rows.size() + src->size());
  for (size_t i = 0; i < src->size(); ++i) {
    std::vector<Cell> row(columns.size());
    src->fill(i, row);
    rows.push_back(std::move(row));
  }
}

bool parse_format(const std::string& name, Format& out) {
  if (name == "table")
    out = Format::table;
  else if (name == "csv")
    out = Format::csv;
  else if (name == "json")
    out = Format::json;
  else if (name == "markdown")
    out = Format::markdown;
  else if (name == "latex")
    out = Format::latex;
  else if (name == "html")
    out = Format::html;
  else
    return false;
  return true;
}

}  // namespace bc::out
