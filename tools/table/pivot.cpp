// The pivot of a spec's [layout] (see table/render.hpp pivot): one row per combination of the
// `rows` keys' values, one column per combination of the `cols` keys' values, each key's values in
// the order they first appear (the first key outermost), and the value cells moved in as the
// command computed them (their exact rationals and balls travel with them). Several cols keys
// give a header per outer key: LaTeX \multicolumn groups with \cmidrule ("d = 16" over "r = 1",
// "r = 4"), the same as HTML colspans and as header lines in the text and Markdown tables.
// Cost: O(rows x log(rows)).
#include "core/errors.hpp"
#include "output/labels.hpp"
#include "output/latex_text.hpp"
#include "table/plan.hpp"
#include "table/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace bc::cli::table {

namespace {

/// The LaTeX header of a pivot key's value, "$d = 16$": with the key's [labels] header when it has
/// one (output/latex_text.hpp latex_key_value); else math mode only when both are plain (a name like
/// "d", a number: they come from the spec and the rows), escaped text otherwise.
std::string key_latex(const Spec& s, const std::string& key, const std::string& value) {
  if (s.labels.count(key) != 0U && !s.labels.at(key).empty())
    return out::latex_key_value(s.labels.at(key), value);
  const bool plain_name = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) != 0;
  });
  const bool plain = out::latex_plain_number(value);
  return plain && plain_name
             ? fmt::format("${} = {}$", key, value)
             : fmt::format("{} = {}", out::latex_escape(key), plain ? value : out::latex_escape(value));
}

/// "d = 16, r = 1": keys and values for a message.
std::string key_values(const std::vector<std::string>& keys, const std::vector<std::string>& values) {
  std::vector<std::string> kv;
  for (size_t i = 0; i < keys.size(); ++i) kv.push_back(keys[i] + " = " + values[i]);
  return fmt::format("{}", fmt::join(kv, ", "));
}

/// The rows of the pivot and its columns, keyed by each key's rank of first appearance (so that a
/// std::map orders them: the first key outermost).
struct Cells {
  struct Row {
    std::vector<out::Cell> keys;  ///< the row keys' cells, from the row that first had them
    std::map<std::vector<size_t>, out::Cell> values;
  };
  std::map<std::vector<size_t>, Row> rows;
  std::map<std::vector<size_t>, std::vector<std::string>> cols;  ///< each column's key values
};

Cells gather(const Spec& s, const out::Table& t, const std::vector<size_t>& ri, const std::vector<size_t>& ci,
             const std::vector<size_t>& vi) {
  const auto& L = *s.layout;
  std::vector<std::map<std::string, size_t>> rank(ri.size() + ci.size());
  const auto rank_of = [&](size_t k, const std::string& v) {
    return rank[k].emplace(v, rank[k].size()).first->second;
  };
  Cells c;
  for (const auto& r : t.rows) {
    std::vector<size_t> rk, ck;
    std::vector<std::string> rv, cv;
    for (size_t k = 0; k < ri.size(); ++k)
      rv.push_back(r[ri[k]].display()), rk.push_back(rank_of(k, rv.back()));
    for (size_t k = 0; k < ci.size(); ++k)
      cv.push_back(r[ci[k]].display()), ck.push_back(rank_of(ri.size() + k, cv.back()));
    auto& row = c.rows[rk];
    if (row.keys.empty())
      for (size_t i : ri) row.keys.push_back(r[i]);
    out::Cell v = vi.size() == 1
                      ? r[vi[0]]
                      : out::Cell::of_text(fmt::format("[{}, {}]", r[vi[0]].display(), r[vi[1]].display()));
    if (!row.values.emplace(ck, std::move(v)).second)
      throw UsageError(fmt::format(
          "{}:{}: [layout]: two rows have {} and {}; add the other swept options to [fixed] or pivot on them",
          s.file, L.line, key_values(L.rows, rv), key_values(L.cols, cv)));
    c.cols.emplace(ck, std::move(cv));
  }
  return c;
}

/// Column names ("d=16,r=1"), the innermost key's LaTeX header and plain header, and one group per
/// run of columns sharing an outer key's value (levels from `level0`, below the value header).
void name_columns(const Spec& s, const Cells& c, size_t level0, out::Table& p) {
  const auto& cols = s.layout->cols;
  const size_t first = p.columns.size();
  for (const auto& entry : c.cols) {
    const std::vector<std::string>& v = entry.second;
    std::vector<std::string> kv;
    for (size_t k = 0; k < cols.size(); ++k) kv.push_back(cols[k] + "=" + v[k]);
    const std::string name = fmt::format("{}", fmt::join(kv, ","));
    p.columns.push_back(name);
    p.labels[name] = key_latex(s, cols.back(), v.back());
    if (cols.size() > 1) p.headers[name] = kv.back();
  }
  for (size_t k = 0; k + 1 < cols.size(); ++k) {
    size_t at = first;
    for (auto it = c.cols.begin(); it != c.cols.end();) {
      auto end = std::next(it);
      const auto same = [&](const auto& e) {
        return std::equal(e.second.begin(), e.second.begin() + static_cast<long>(k) + 1, it->second.begin());
      };
      size_t n = 1;
      for (; end != c.cols.end() && same(*end); ++end) ++n;
      const std::string& v = it->second[k];
      p.groups.push_back({at, n, key_latex(s, cols[k], v), cols[k] + "=" + v, level0 + k, true});
      at += n, it = end;
    }
  }
}

/// A header over the value columns naming the quantity their cells hold: [layout] header, else the
/// value column's label ([labels] or the built-in one), else its escaped name.
void value_header(const Spec& s, size_t first, out::Table& p) {
  const auto& L = *s.layout;
  std::string latex = L.header;
  for (const auto& v : L.value) {
    if (!L.header.empty()) break;
    std::string l = s.labels.count(v) ? s.labels.at(v) : out::default_label(join_words(s.command), v);
    if (l.empty()) l = out::latex_escape(v);
    latex += (latex.empty() ? "" : ", ") + l;
  }
  if (L.value.size() > 1 && L.header.empty()) latex = "[" + latex + "]";
  if (p.columns.size() > first)
    p.groups.push_back({first, p.columns.size() - first, latex, out::latex_to_plain(latex)});
}

}  // namespace

out::Table pivot(const Spec& s, const out::Table& t) {
  const auto& L = *s.layout;
  auto need = [&](const std::string& c, const char* role) {
    const size_t i = column_index(t.columns, c);
    if (i == t.columns.size())
      throw UsageError(fmt::format("{}:{}: [layout] {}: no column \"{}\" (columns: {})", s.file, L.line, role,
                                   c, fmt::join(t.columns, ", ")));
    return i;
  };
  std::vector<size_t> ri, ci, vi;
  for (const auto& k : L.rows) ri.push_back(need(k, "rows"));
  for (const auto& k : L.cols) ci.push_back(need(k, "cols"));
  for (const auto& v : L.value) vi.push_back(need(v, "value"));
  const Cells c = gather(s, t, ri, ci, vi);
  out::Table p;
  p.command = t.command, p.params = t.params, p.notes = t.notes, p.labels = t.labels;
  p.caption = t.caption, p.provenance = t.provenance, p.label = t.label, p.comments = t.comments;
  p.group_digits = t.group_digits, p.wide = t.wide;
  p.columns = L.rows;
  name_columns(s, c, 1, p);           // the outer keys' levels, under
  value_header(s, L.rows.size(), p);  // level 0: the quantity, over every value column
  for (const auto& [k, v] : s.labels) p.labels[k] = v;
  for (const auto& entry : c.rows) {
    std::vector<out::Cell> row = entry.second.keys;
    for (const auto& col : c.cols) {
      auto it = entry.second.values.find(col.first);
      row.push_back(it == entry.second.values.end() ? out::Cell::of_text("") : it->second);
    }
    p.add_row(std::move(row));
  }
  return p;
}

}  // namespace bc::cli::table
