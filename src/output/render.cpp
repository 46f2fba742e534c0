// Renderers for the five output formats. JSON goes through nlohmann::json (never hand-built);
// the text formats share column/row order with it so every format carries the same columns.
#include "output/table.hpp"

#include <fmt/format.h>

#include <algorithm>
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

std::string render_csv(const Table& t) {
  std::string out;
  for (size_t i = 0; i < t.columns.size(); ++i) out += (i ? "," : "") + csv_field(t.columns[i]);
  out += "\n";
  for (const auto& r : t.rows) {
    for (size_t i = 0; i < r.size(); ++i) out += (i ? "," : "") + csv_field(r[i].display());
    out += "\n";
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

std::string md_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '|') o += '\\';
    o += c;
  }
  return o;
}

std::string render_markdown(const Table& t) {
  std::string out = "|";
  for (const auto& c : t.columns) out += " " + md_escape(c) + " |";
  out += "\n|";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    bool right = !t.rows.empty() && t.rows[0][i].numeric();
    out += right ? " ---: |" : " :--- |";
  }
  out += "\n";
  for (const auto& r : t.rows) {
    out += "|";
    for (const auto& c : r) out += " " + md_escape(c.display()) + " |";
    out += "\n";
  }
  return out;
}

std::string latex_text(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '_':
      case '%':
      case '&':
      case '#':
      case '$':
      case '{':
      case '}':
        o += '\\';
        o += c;
        break;
      case '\\':
        o += "\\textbackslash{}";
        break;
      case '~':
        o += "\\textasciitilde{}";
        break;
      case '^':
        o += "\\textasciicircum{}";
        break;
      default:
        o += c;
    }
  }
  return o;
}

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
  if (s.size() > 2 && s.front() == '[' && s.back() == ']') {
    auto pm = s.find(" +/- ");
    if (pm != std::string::npos) {
      std::string mid = s.substr(1, pm - 1), rad = s.substr(pm + 5, s.size() - pm - 6);
      return "$" + latex_sci(mid) + " \\pm " + latex_sci(rad) + "$";
    }
    return "$" + s + "$";
  }
  return "$" + latex_sci(s) + "$";
}

std::string render_latex(const Table& t) {
  std::string spec;
  for (size_t i = 0; i < t.columns.size(); ++i)
    spec += (!t.rows.empty() && t.rows[0][i].numeric()) ? "r" : "l";
  std::string out = "\\begin{tabular}{" + spec + "}\n\\toprule\n";
  for (size_t i = 0; i < t.columns.size(); ++i) out += (i ? " & " : "") + latex_text(t.columns[i]);
  out += " \\\\\n\\midrule\n";
  for (const auto& r : t.rows) {
    for (size_t i = 0; i < r.size(); ++i)
      out += (i ? " & " : "") + (r[i].numeric() ? latex_number(r[i].display()) : latex_text(r[i].display()));
    out += " \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n";
  return out;
}

}  // namespace

std::string render(const Table& t, const Meta& meta, Format f) {
  switch (f) {
    case Format::json:
      return render_json(t, meta);
    case Format::csv:
      return render_csv(t);
    case Format::markdown:
      return render_markdown(t);
    case Format::latex:
      return render_latex(t);
    case Format::table:
      break;
  }
  return render_text_table(t);
}

}  // namespace bc::out
