// Renderers for the five output formats. JSON goes through nlohmann::json (never hand-built);
// the text formats share column/row order with it so every format carries the same columns.
#include "core/build_info.hpp"
#include "output/html.hpp"
#include "output/labels.hpp"
#include "output/latex_text.hpp"
#include "output/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
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
  j["meta"] = std::move(m);
  j["provenance"] = provenance_json();  // the version, commit and libraries that computed it
  return j.dump(2) + "\n";
}

std::string csv_field(const std::string& s) {
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
  const bool plain =
      std::none_of(s.begin(), s.end(), [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; });
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
      fmt::format_to(std::back_inserter(out), "{}", c.dval);
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

std::string render_text_table(const Table& t) {
  std::vector<size_t> w(t.columns.size());
  for (size_t i = 0; i < t.columns.size(); ++i) w[i] = t.columns[i].size();
  for (const auto& r : t.rows)
    for (size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], r[i].display().size());
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
  std::string out = line([&](size_t i) { return t.columns[i]; },
                         [&](size_t i) { return !t.rows.empty() && t.rows[0][i].numeric(); });
  std::string rule;
  for (size_t i = 0; i < w.size(); ++i) rule += (i ? "  " : "") + std::string(w[i], '-');
  out += rule + "\n";
  for (const auto& r : t.rows)
    out += line([&](size_t i) { return r[i].display(); }, [&](size_t i) { return r[i].numeric(); });
  return out;
}

// A cell of a Markdown table. Numbers (and exact forms such as -5*sqrt(15)/128) only need `|`
// escaped; text (column names, string cells: claim text from a catalogue) may come from someone
// else and is kept literal: the punctuation Markdown interprets there (emphasis, code, links, raw
// HTML) gets CommonMark's backslash escape and line breaks become spaces, so a cell can neither
// end its row nor inject HTML into a rendered page.
std::string md_escape(const std::string& s, bool text) {
  std::string o;
  for (char c : s) {
    if (c == '\n' || c == '\r') {
      o += ' ';
      continue;
    }
    if (c == '|' || (text && std::strchr("\\`*[]<>!#~", c) != nullptr)) o += '\\';
    o += c;
  }
  return o;
}

std::string render_markdown(const Table& t) {
  std::string out = "|";
  for (const auto& c : t.columns) out += " " + md_escape(c, true) + " |";
  out += "\n|";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    bool right = !t.rows.empty() && t.rows[0][i].numeric();
    out += right ? " ---: |" : " :--- |";
  }
  out += "\n";
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

constexpr size_t kLongTableRows = 60;

// "& \multicolumn{3}{c}{$\mathrm{LB}(d,4,H)$} \\ \cmidrule(lr){2-4}": headers over column groups
std::string latex_groups(const Table& t) {
  if (t.groups.empty()) return "";
  std::string row, rules;
  size_t c = 0;
  for (const auto& g : t.groups) {
    if (g.count == 0 || g.first < c || g.first + g.count > t.columns.size()) continue;
    for (; c < g.first; ++c) row += c ? " &" : "";
    row += fmt::format("{}\\multicolumn{{{}}}{{c}}{{{}}}", c ? " & " : "", g.count, one_line_text(g.latex));
    rules += fmt::format("\\cmidrule(lr){{{}-{}}}", g.first + 1, g.first + g.count);
    c = g.first + g.count;
  }
  for (; c < t.columns.size(); ++c) row += " &";
  return row + " \\\\\n" + rules + "\n";
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

std::string render_latex(const Table& t) {
  // numeric columns whose every cell siunitx can parse become S columns aligned on the decimal
  // point, with a table-format reserving the widest sign/integer/fraction/exponent seen
  std::string spec;
  std::vector<bool> si(t.columns.size(), false);
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
  // a float cannot break across pages (and TeX runs out of memory on a tabular of thousands of rows):
  // long tables are longtables, with the header repeated on every page
  const bool long_table = t.rows.size() > kLongTableRows;
  const std::string what = t.command.empty() ? std::string("boundcheck") : t.command;
  std::string out = fmt::format(
      "% boundcheck {}: {}\n% Needs \\usepackage{{amsmath}}, \\usepackage{{booktabs}} and "
      "\\usepackage{{siunitx}}{} in the preamble.\n",
      BOUNDCHECK_VERSION, one_line_text(what), long_table ? " and \\usepackage{longtable}" : "");
  const std::string caption =
      !t.caption.empty() ? t.caption
                         : fmt::format("boundcheck {}, \\texttt{{{}}}", BOUNDCHECK_VERSION, latex_text(what));
  if (long_table)
    out += "\\begin{longtable}{" + spec + "}\n\\caption{" + caption + "}\\\\\n\\toprule\n";
  else
    out += "\\begin{table}[htbp]\n\\centering\n\\caption{" + caption + "}\n\\begin{tabular}{" + spec +
           "}\n\\toprule\n";
  out += latex_groups(t);
  for (size_t i = 0; i < t.columns.size(); ++i) {
    std::string label;
    if (auto it = t.labels.find(t.columns[i]); it != t.labels.end()) label = it->second;
    if (label.empty()) label = default_label(t.command, t.columns[i]);
    if (label.empty()) label = latex_text(t.columns[i]);
    out += (i ? " & " : "") + (si[i] ? "{" + label + "}" : label);
  }
  out += long_table ? " \\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n" : " \\\\\n\\midrule\n";
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
  out += long_table ? "\\end{longtable}\n" : "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
  return out;
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
