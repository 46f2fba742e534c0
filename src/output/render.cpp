// Renderers for the five output formats. JSON goes through nlohmann::json (never hand-built);
// the text formats share column/row order with it so every format carries the same columns.
// Every text a cell, a header or a group holds may come from a file (a catalogue's published value,
// a spec's column name, a shard file's cell): the text formats show it through visible_text (the
// table, Markdown and CSV), latex_escape or html_escape, so no control character, escape sequence
// or bidirectional override reaches the reader raw (issue 38 §1). Numbers the program formats
// itself (integer and double cells) cannot hold one and are written directly.
#include "core/build_info.hpp"
#include "core/visible_text.hpp"
#include "output/html.hpp"
#include "output/labels.hpp"
#include "output/latex_text.hpp"
#include "output/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <map>
#include <string>

namespace bc::out {

namespace {

std::string render_json(const Table& t, const Meta& meta) {
  nlohmann::ordered_json j;
  j["boundcheck"] = BOUNDCHECK_VERSION;
  j["command"] = t.command;
  j["params"] = t.params;
  j["columns"] = t.columns;
  auto rows = nlohmann::ordered_json::array();
  for (const auto& r : t.rows) {
    nlohmann::ordered_json o = nlohmann::ordered_json::object();
    for (size_t i = 0; i < r.size(); ++i) o[t.columns[i]] = r[i].json();
    rows.push_back(std::move(o));
  }
  j["rows"] = std::move(rows);
  nlohmann::ordered_json m;
  m["digits"] = meta.digits;
  m["threads"] = meta.threads;
  m["certified"] = meta.certified;
  if (!t.notes.empty()) m["notes"] = t.notes;
  for (const auto& [k, v] : t.meta.items()) m[k] = v;
  j["meta"] = std::move(m);
  j["provenance"] = provenance_json();  // the version, commit and libraries that computed it
  // a text from a file name may hold bytes that are not UTF-8 (a catalogue file's name is a claim's
  // default source), which JSON cannot carry: each is U+FFFD (dump() threw, and nothing was printed)
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// A field a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with = + - @, a tab
// or a carriage return and is no number as boundcheck prints one (-0.5, -5*sqrt(15)/128 and
// [-1 +/- 2e-30] keep their sign). Such a field is written with a leading ' (then quoted as any
// field), which spreadsheets show as text and a program reading the CSV sees as a character of the
// text: numbers are never altered, so machine readers of numeric columns are unaffected.
bool formula_like(const std::string& s) {
  return !s.empty() && s[0] != '\0' && std::strchr("=+-@\t\r", s[0]) != nullptr && !latex_plain_number(s);
}

std::string csv_field(const std::string& text) {
  if (!text_is_visible(text)) return csv_field(visible_text(text));
  const std::string& s = text;
  if (formula_like(s)) return csv_field("'" + s);
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

// Appends one field: as is, or quoted when it holds a comma, a quote or a line break
void append_csv_field(std::string& out, const std::string& s) {
  // one pass over the characters (find_first_of calls memchr once per character)
  const bool plain = !formula_like(s) && std::none_of(s.begin(), s.end(), [](char c) {
    return c == ',' || c == '"' || c == '\n' || c == '\r' || static_cast<unsigned char>(c) >= 0x7f ||
           static_cast<unsigned char>(c) < 0x20;
  });
  if (plain)
    out += s;
  else
    out += csv_field(s);
}

void append_csv_row(std::string& out, const std::vector<Cell>& r) {
  for (size_t i = 0; i < r.size(); ++i) {
    if (i) out += ',';
    const Cell& c = r[i];
    if (c.kind == CellKind::integer)
      fmt::format_to(std::back_inserter(out), "{}", c.ival);
    else if (c.kind == CellKind::number)  // Cell::display's text, which holds no comma or quote
      append_number(out, c.dval, c.sig);
    else
      append_csv_field(out, c.str);  // no copy of the 50-digit payloads (issue 16)
  }
  out += '\n';
}

// The rows of a table, then those of its source (RowSource) through one reused row of cells.
std::string render_csv(const Table& t) {
  std::vector<Cell> row(t.source ? t.columns.size() : 0);
  if (t.source && t.source->size() > 0) t.source->fill(0, row);
  const std::vector<Cell>* first = !t.rows.empty() ? &t.rows[0] : t.source ? &row : nullptr;
  std::string out;
  size_t guess = 64;  // the first row's length times the row count: one allocation, not log(n)
  if (first != nullptr)
    for (const auto& c : *first) guess += c.str.size() + 24;
  out.reserve(guess * (t.row_count() + 1));
  for (size_t i = 0; i < t.columns.size(); ++i) out += (i ? "," : "") + csv_field(t.columns[i]);
  out += "\n";
  for (const auto& r : t.rows) append_csv_row(out, r);
  for (size_t i = 0; t.source && i < t.source->size(); ++i) {
    if (i > 0) t.source->fill(i, row);
    append_csv_row(out, row);
  }
  return out;
}

/// What the text and Markdown tables print over column i: its header when groups say the rest.
const std::string& header_of(const Table& t, size_t i) {
  const auto it = t.headers.find(t.columns[i]);
  return it == t.headers.end() ? t.columns[i] : it->second;
}

/// The text of a cell in the text table: a program-made number as it is, any other text visible.
std::string shown(const Cell& c) {
  if (c.kind == CellKind::integer || c.kind == CellKind::number) return c.display();
  return visible_text(c.str);
}

/// The groups the plain formats show (a pivot's outer keys), level by level from the top.
std::vector<std::vector<Table::Group>> plain_levels(const Table& t) {
  std::vector<std::vector<Table::Group>> levels;
  for (const auto& g : t.groups) {
    if (!g.plain || g.count == 0 || g.first + g.count > t.columns.size()) continue;
    if (levels.size() <= g.level) levels.resize(g.level + 1);
    levels[g.level].push_back(g);
  }
  levels.erase(std::remove_if(levels.begin(), levels.end(), [](const auto& l) { return l.empty(); }),
               levels.end());
  return levels;
}

/// The lines of the text table's group headers: each group's text centred over its columns, a
/// rule under it; widens the group's last column when the text is wider than the columns.
std::string text_group_lines(const std::vector<std::vector<Table::Group>>& levels, std::vector<size_t>& w) {
  const auto span = [&](const Table::Group& g) {
    size_t n = 2 * (g.count - 1);
    for (size_t c = g.first; c < g.first + g.count; ++c) n += w[c];
    return n;
  };
  for (const auto& level : levels)
    for (const auto& g : level)
      if (const size_t n = span(g); visible_text(g.text).size() > n)
        w[g.first + g.count - 1] += visible_text(g.text).size() - n;
  std::string out;
  for (const auto& level : levels) {
    std::string text, rule;
    size_t c = 0;
    for (const auto& g : level) {
      for (; c < g.first; ++c)
        text += std::string(w[c] + (c ? 2 : 0), ' '), rule += std::string(w[c] + (c ? 2 : 0), ' ');
      const std::string shown_text = visible_text(g.text);
      const size_t n = span(g), left = (n - shown_text.size()) / 2, gap = c ? 2 : 0;
      text += std::string(gap + left, ' ') + shown_text + std::string(n - left - shown_text.size(), ' ');
      rule += std::string(gap, ' ') + std::string(n, '-');
      c = g.first + g.count;
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n" + rule + "\n";
  }
  return out;
}

std::string render_text_table(const Table& t) {
  std::vector<size_t> w(t.columns.size());
  for (size_t i = 0; i < t.columns.size(); ++i) w[i] = visible_text(header_of(t, i)).size();
  for (const auto& r : t.rows)
    for (size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], shown(r[i]).size());
  const std::string groups = text_group_lines(plain_levels(t), w);
  auto line = [&](auto cell_text, auto right) {
    std::string s;
    for (size_t i = 0; i < w.size(); ++i) {
      std::string c = cell_text(i);
      std::string pad(w[i] - c.size(), ' ');
      s += (i ? "  " : "") + (right(i) ? pad + c : c + (i + 1 < w.size() ? pad : ""));
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  };
  std::string out = groups + line([&](size_t i) { return visible_text(header_of(t, i)); },
                                  [&](size_t i) { return !t.rows.empty() && t.rows[0][i].numeric(); });
  std::string rule;
  for (size_t i = 0; i < w.size(); ++i) rule += (i ? "  " : "") + std::string(w[i], '-');
  out += rule + "\n";
  for (const auto& r : t.rows)
    out += line([&](size_t i) { return shown(r[i]); }, [&](size_t i) { return r[i].numeric(); });
  return out;
}

// A cell of a Markdown table. Numbers (and exact forms such as -5*sqrt(15)/128) only need `|`
// escaped; text (column names, string cells: claim text from a catalogue) may come from someone
// else and is kept literal: the punctuation Markdown interprets there (emphasis, code, links, raw
// HTML) gets CommonMark's backslash escape and line breaks become spaces, so a cell can neither
// end its row nor inject HTML into a rendered page; other controls are shown by visible_text (whose
// backslash is then escaped: a rendered page shows \x1b as typed).
std::string md_escape(const std::string& raw, bool text) {
  std::string lines = raw;
  for (char& c : lines)
    if (c == '\n' || c == '\r') c = ' ';
  const std::string s = visible_text(lines);
  std::string o;
  for (char c : s) {
    if (c == '|' || (text && std::strchr("\\`*[]<>!#~", c) != nullptr)) o += '\\';
    o += c;
  }
  return o;
}

/// Markdown has one header row: with a pivot's outer keys (plain groups) it holds the top level (the
/// text in a group's first column), and the other levels and the column headers follow as bold rows.
std::string render_markdown(const Table& t) {
  const auto levels = plain_levels(t);
  const auto row_of = [&](const std::vector<std::string>& cells, bool bold) {
    std::string out = "|";
    for (const auto& c : cells)
      out += bold && !c.empty() ? " **" + md_escape(c, true) + "** |" : " " + md_escape(c, true) + " |";
    return out + "\n";
  };
  const auto level_cells = [&](const std::vector<Table::Group>& level) {
    std::vector<std::string> cells(t.columns.size());
    for (const auto& g : level) cells[g.first] = g.text;
    return cells;
  };
  std::vector<std::string> names;
  for (size_t i = 0; i < t.columns.size(); ++i) names.push_back(header_of(t, i));
  std::string out = row_of(levels.empty() ? names : level_cells(levels[0]), false) + "|";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    bool right = !t.rows.empty() && t.rows[0][i].numeric();
    out += right ? " ---: |" : " :--- |";
  }
  out += "\n";
  for (size_t l = 1; l < levels.size(); ++l) out += row_of(level_cells(levels[l]), true);
  if (!levels.empty()) out += row_of(names, true);
  for (const auto& r : t.rows) {
    out += "|";
    for (const auto& c : r) out += " " + md_escape(c.display(), !c.numeric()) + " |";
    out += "\n";
  }
  return out;
}

std::string latex_text(const std::string& s) { return latex_escape(s); }

// "1.25e-7" -> "1.25 \\times 10^{-7}"; "[1.2 +/- 3e-5]" -> "1.2 \\pm 3 \\times 10^{-5}".
std::string latex_sci(const std::string& x) {
  auto e = x.find('e');
  if (e == std::string::npos || e == 0 || e + 1 >= x.size()) return x;
  std::string mant = x.substr(0, e), ex = x.substr(e + 1);
  std::string sign;
  if (ex[0] == '+' || ex[0] == '-') {
    if (ex[0] == '-') sign = "-";
    ex = ex.substr(1);
  }
  while (ex.size() > 1 && ex[0] == '0') ex.erase(0, 1);
  if (ex.empty() || ex.find_first_not_of("0123456789") != std::string::npos) return x;
  return mant + " \\times 10^{" + sign + ex + "}";
}

std::string latex_number(const std::string& s) {
  if (!latex_plain_number(s)) return latex_escape(s);  // a cell from a shard file may hold anything
  if (s.size() > 2 && s.front() == '[' && s.back() == ']') {
    if (s.rfind("[+/- ", 0) == 0)
      return "$\\pm " + latex_sci(s.substr(5, s.size() - 6)) + "$";  // a ball around 0
    auto pm = s.find(" +/- ");
    if (pm != std::string::npos) {
      std::string mid = s.substr(1, pm - 1), rad = s.substr(pm + 5, s.size() - pm - 6);
      return "$" + latex_sci(mid) + " \\pm " + latex_sci(rad) + "$";
    }
    return "$" + s + "$";
  }
  return "$" + latex_sci(s) + "$";
}

/// A number siunitx's S column can parse: -?digits[.digits][e[+-]digits], not absurdly long.
struct SiShape {
  bool ok = false, neg = false, exp_neg = false;
  size_t int_digits = 0, frac_digits = 0, exp_digits = 0;
};

SiShape si_shape(const std::string& s) {
  SiShape r;
  size_t i = 0;
  if (s.size() > 60) return r;
  if (i < s.size() && s[i] == '-') r.neg = true, ++i;
  const size_t b = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  r.int_digits = i - b;
  if (r.int_digits == 0) return r;
  if (i < s.size() && s[i] == '.') {
    const size_t f = ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    r.frac_digits = i - f;
    if (r.frac_digits == 0) return r;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) r.exp_neg = true, ++i;
    const size_t e = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    r.exp_digits = i - e;
    if (r.exp_digits == 0) return r;
  }
  r.ok = i == s.size();
  return r;
}

// "& \multicolumn{3}{c}{$\mathrm{LB}(d,4,H)$} \\ \cmidrule(lr){2-4}": headers over column groups,
// one row per level (a pivot on several column keys: the quantity, then each outer key's values)
std::string latex_groups(const Table& t) {
  std::map<size_t, std::vector<const Table::Group*>> levels;
  for (const auto& g : t.groups) levels[g.level].push_back(&g);
  std::string out;
  for (const auto& entry : levels) {
    const auto& groups = entry.second;
    std::string row, rules;
    size_t c = 0;
    for (const Table::Group* g : groups) {
      if (g->count == 0 || g->first < c || g->first + g->count > t.columns.size()) continue;
      for (; c < g->first; ++c) row += c ? " &" : "";
      row +=
          fmt::format("{}\\multicolumn{{{}}}{{c}}{{{}}}", c ? " & " : "", g->count, one_line_text(g->latex));
      rules += fmt::format("\\cmidrule(lr){{{}-{}}}", g->first + 1, g->first + g->count);
      c = g->first + g->count;
    }
    for (; c < t.columns.size(); ++c) row += " &";
    out += row + " \\\\\n" + rules + "\n";
  }
  return out;
}

/// A document around the table: pdflatex compiles it as it is. Notes follow the table.
std::string latex_document(const Table& t, const std::string& table) {
  // a wide table (many characters in a row) gets a landscape page and a smaller font
  size_t width = 0;
  for (const auto& r : t.rows) {
    size_t w = 0;
    for (const auto& c : r) w += c.display().size() + 2;
    width = std::max(width, w);
  }
  const bool wide = width > 110;
  std::string o = fmt::format(
      "\\documentclass{{article}}\n\\usepackage[{}margin=2cm]{{geometry}}\n\\usepackage{{amsmath}}\n"
      "\\usepackage{{booktabs}}\n\\usepackage{{siunitx}}\n\\usepackage{{longtable}}\n"
      "\\begin{{document}}\n{}",
      wide ? "landscape," : "", wide ? "\\footnotesize\n" : "");
  o += table;
  if (!t.notes.empty()) {
    o += "\\begin{itemize}\n";
    for (const auto& n : t.notes) o += "\\item " + latex_escape(n) + "\n";
    o += "\\end{itemize}\n";
  }
  return o + "\\end{document}\n";
}

/// The column spec: numeric columns whose every cell siunitx can parse become S columns aligned on
/// the decimal point, with a table-format reserving the widest sign/integer/fraction/exponent seen;
/// `si` says which.
std::string latex_columns(const Table& t, std::vector<bool>& si) {
  std::string spec;
  si.assign(t.columns.size(), false);
  for (size_t c = 0; c < t.columns.size(); ++c) {
    const bool numeric = !t.rows.empty() && t.rows[0][c].numeric();
    SiShape w;
    bool all = numeric;
    for (const auto& r : t.rows) {
      if (!all) break;
      SiShape s = si_shape(r[c].display());
      all = s.ok;
      w.neg |= s.neg, w.exp_neg |= s.exp_neg;
      w.int_digits = std::max(w.int_digits, s.int_digits),
      w.frac_digits = std::max(w.frac_digits, s.frac_digits);
      w.exp_digits = std::max(w.exp_digits, s.exp_digits);
    }
    si[c] = all;
    if (all) {
      std::string f = fmt::format("{}{}", w.neg ? "-" : "", w.int_digits);
      if (w.frac_digits > 0) f += fmt::format(".{}", w.frac_digits);
      if (w.exp_digits > 0) f += fmt::format("e{}{}", w.exp_neg ? "-" : "", w.exp_digits);
      spec += "S[table-format=" + f + "]";
    } else {
      spec += numeric ? "r" : "l";
    }
  }
  return spec;
}

/// The header row: each column's label ([labels], the built-in one, else its escaped name).
std::string latex_header(const Table& t, const std::vector<bool>& si) {
  std::string out;
  for (size_t i = 0; i < t.columns.size(); ++i) {
    std::string label;
    if (auto it = t.labels.find(t.columns[i]); it != t.labels.end()) label = it->second;
    if (label.empty()) label = default_label(t.command, t.columns[i]);
    if (label.empty()) label = latex_text(t.columns[i]);
    out += (i ? " & " : "") + (si[i] ? "{" + label + "}" : label);
  }
  return out;
}

std::string latex_rows(const Table& t, const std::vector<bool>& si) {
  std::string out;
  for (const auto& r : t.rows) {
    for (size_t i = 0; i < r.size(); ++i) {
      const std::string v = r[i].display();
      out += (i ? " & " : "");
      if (si[i])
        out += v;
      else
        out += r[i].numeric() ? latex_number(v) : latex_text(v);
    }
    out += " \\\\\n";
  }
  return out;
}

std::string render_latex(const Table& t) {
  std::vector<bool> si;
  const std::string spec = latex_columns(t, si);
  // a float cannot break across pages (and TeX runs out of memory on a tabular of thousands of rows):
  // long tables are longtables, with the header repeated on every page; a table* stays one, since
  // LaTeX sets no longtable in two-column mode ("longtable not in 1-column mode")
  const bool long_table = t.rows.size() > kLongTableRows && !t.wide;
  const std::string what = t.command.empty() ? std::string("boundcheck") : t.command;
  std::string out = fmt::format(
      "% boundcheck {}: {}\n% Needs \\usepackage{{amsmath}}, \\usepackage{{booktabs}} and "
      "\\usepackage{{siunitx}}{} in the preamble.\n",
      BOUNDCHECK_VERSION, one_line_text(what), long_table ? " and \\usepackage{longtable}" : "");
  for (const auto& c : t.comments) out += "% " + one_line_text(c) + "\n";
  const std::string caption = "\\caption{" +
                              (!t.caption.empty() ? t.caption
                                                  : fmt::format("boundcheck {}, \\texttt{{{}}}",
                                                                BOUNDCHECK_VERSION, latex_text(what))) +
                              "}" + (t.label.empty() ? "" : "\\label{" + t.label + "}");
  // siunitx groups digits by default (0.087 91, 1 000 000): off inside this table only
  const bool ungroup = !t.group_digits && std::find(si.begin(), si.end(), true) != si.end();
  const char* const sisetup = "\\sisetup{group-digits=false}";
  const std::string env = t.wide ? "table*" : "table";
  if (long_table)
    out += (ungroup ? "\\begingroup" + std::string(sisetup) + "\n" : "") + "\\begin{longtable}{" + spec +
           "}\n" + caption + "\\\\\n\\toprule\n";
  else
    out += "\\begin{" + env + "}[htbp]\n\\centering\n" + (ungroup ? std::string(sisetup) + "\n" : "") +
           caption + "\n\\begin{tabular}{" + spec + "}\n\\toprule\n";
  out += latex_groups(t) + latex_header(t, si);
  if (long_table)
    out += " \\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n" +
           (t.provenance.empty()
                ? ""
                : fmt::format("\\bottomrule\n\\multicolumn{{{}}}{{c}}{{\\footnotesize {}}}\\\\\n"
                              "\\endlastfoot\n",
                              t.columns.size(), one_line_text(t.provenance)));
  else
    out += " \\\\\n\\midrule\n";
  out += latex_rows(t, si);
  if (long_table) return out + "\\end{longtable}\n" + (ungroup ? "\\endgroup\n" : "");
  out += "\\bottomrule\n\\end{tabular}\n";
  if (!t.provenance.empty())
    out += "\\par\\smallskip{\\footnotesize " + one_line_text(t.provenance) + "\\par}\n";
  return out + "\\end{" + env + "}\n";
}

}  // namespace

std::string render(const Table& t, const Meta& meta, Format f) {
  if (t.source && f != Format::csv) {  // only CSV is rendered row by row
    Table whole = t;
    whole.materialize();
    return render(whole, meta, f);
  }
  switch (f) {
    case Format::json:
      return render_json(t, meta);
    case Format::csv:
      return render_csv(t);
    case Format::markdown:
      return render_markdown(t);
    case Format::latex:
      return meta.standalone ? latex_document(t, render_latex(t)) : render_latex(t);
    case Format::html:
      return render_html(t, meta);
    case Format::table:
      break;
  }
  return render_text_table(t);
}

}  // namespace bc::out
