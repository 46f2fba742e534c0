// --format html (issue 18): one self-contained page, the artifact an author attaches to a paper.
// No network and no script: the CSS is inline, a figure is an <img> whose source is the SVG itself
// as a data: URL (an SVG loaded as an image never runs scripts), every string is escaped
// (output/html_text.hpp). Verdict cells are coloured; references such as "talk-H l.644" link to a
// Sources section that quotes the cited lines when the papers' text is available (Meta::source_line).
// Cost: linear in the table.
#include "output/html.hpp"

#include "core/build_info.hpp"
#include "output/html_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <regex>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace bc::out {

namespace {

const char* const kStyle = R"css(
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2127;
       max-width: 1100px; margin: 2em auto; padding: 0 1.2em; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.15em; margin-top: 1.8em;
  border-bottom: 1px solid #d0d5dc; padding-bottom: .2em; }
code, pre, td.num { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; margin: 0; }
.invocation { color: #4a5563; }
dl.about { display: grid; grid-template-columns: max-content 1fr; gap: .35em 1.2em; }
dl.about dt { font-weight: 600; } dl.about dd { margin: 0; }
.scroll { overflow-x: auto; }
table.results { border-collapse: collapse; font-size: .92em; }
table.results th, table.results td { padding: .25em .7em; border-bottom: 1px solid #e3e7ec;
  vertical-align: top; }
table.results td.text { min-width: 6em; max-width: 24em; overflow-wrap: anywhere; }
table.results thead th { border-bottom: 2px solid #7b8794; text-align: left; background: #f4f6f8; }
table.results th.group { text-align: center; border-bottom: 1px solid #7b8794; }
td.num { text-align: right; white-space: nowrap; }
td.verdict { font-weight: 600; white-space: nowrap; }
td.holds, td.expected { color: #11632a; background: #e3f5e8; }
td.fails, td.unexpected { color: #8f1d1d; background: #fbe4e4; }
td.undecided { color: #7a4d00; background: #fdf1d6; }
.summary span { display: inline-block; margin-right: 1em; padding: .1em .6em; border-radius: .3em; }
.summary .holds, .summary .expected { background: #e3f5e8; font-weight: 600; }
.summary .fails, .summary .unexpected { background: #fbe4e4; font-weight: 600; }
.summary .undecided { background: #fdf1d6; } .summary .word { background: #eef1f4; }
figure { margin: 1em 0; } figure img { max-width: 100%; height: auto; border: 1px solid #e3e7ec; }
ul.notes li { margin-bottom: .4em; }
blockquote { margin: .3em 0 1em; padding: .3em .8em; border-left: 3px solid #b8c0ca;
  background: #f7f8fa; font-size: .9em; overflow-wrap: anywhere; }
footer { margin-top: 2.5em; color: #6b7480; font-size: .85em; }
)css";

constexpr size_t kMaxQuotedLines = 6;
constexpr size_t kMaxQuoteChars = 400;

const std::regex& reference_regex() {
  static const std::regex re(R"((talk-B|talk-H|paper-A|paper-L)|\bl\.([0-9]{1,6})(?:-([0-9]{1,6}))?)");
  return re;
}

struct Cited {
  std::string doc;
  long first = 0, last = 0;
  bool operator<(const Cited& o) const {
    return std::tie(doc, first, last) < std::tie(o.doc, o.first, o.last);
  }
};

std::string anchor(const Cited& c) { return html_id(fmt::format("src-{}-{}-{}", c.doc, c.first, c.last)); }

/// `text` escaped, with every "l.N" or "l.N-M" after a document name ("talk-H l.644, l.683")
/// a link to its quote in the Sources section; the citations are collected in `cited`.
std::string link_sources(const std::string& text, std::set<Cited>& cited) {
  std::string out, doc;
  size_t at = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), reference_regex());
       it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    out += html_escape(std::string_view(text).substr(at, static_cast<size_t>(m.position()) - at));
    at = static_cast<size_t>(m.position() + m.length());
    if (m[1].matched) {
      doc = m[1].str();
      out += html_escape(doc);
      continue;
    }
    if (doc.empty()) {
      out += html_escape(m.str());
      continue;
    }
    Cited c{doc, std::stol(m[2].str()), m[3].matched ? std::stol(m[3].str()) : std::stol(m[2].str())};
    if (c.last < c.first) c.last = c.first;
    cited.insert(c);
    out += fmt::format("<a href=\"#{}\">{}</a>", anchor(c), html_escape(m.str()));
  }
  return out + html_escape(std::string_view(text).substr(at));
}

std::string base64(std::string_view s) {
  static const char* const k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string o;
  o.reserve((s.size() + 2) / 3 * 4);
  for (size_t i = 0; i < s.size(); i += 3) {
    const uint32_t b0 = static_cast<unsigned char>(s[i]);
    const uint32_t b1 = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
    const uint32_t b2 = i + 2 < s.size() ? static_cast<unsigned char>(s[i + 2]) : 0;
    const uint32_t v = (b0 << 16) | (b1 << 8) | b2;
    o += k[(v >> 18) & 63];
    o += k[(v >> 12) & 63];
    o += i + 1 < s.size() ? k[(v >> 6) & 63] : '=';
    o += i + 2 < s.size() ? k[v & 63] : '=';
  }
  return o;
}

// The colour of a printed verdict (verify::verdict_text): its words say what the claim's evidence
// can show; the colour only groups them. Empty for a cell that is no verdict.
std::string verdict_class(const std::string& v) {
  static const std::array<std::pair<const char*, const char*>, 10> words{
      {{"holds", "holds"},
       {"evaluated", "holds"},
       {"certified", "holds"},
       {"consistent", "holds"},
       {"fails", "fails"},
       {"inconsistent", "fails"},
       {"undecided", "undecided"},
       {"undecided: extend the grid", "undecided"},
       {"not certified", "undecided"},
       {"not testable", "undecided"}}};
  for (const auto& [word, cls] : words)
    if (v == word) return cls;
  return {};
}
bool is_verdict(const std::string& v) { return !verdict_class(v).empty(); }

/// The verdict and expected columns of a table (verify), or npos.
struct VerdictColumns {
  size_t verdict = std::string::npos, expected = std::string::npos;
  explicit VerdictColumns(const Table& t) {
    for (size_t i = 0; i < t.columns.size(); ++i) {
      if (t.columns[i] == "verdict") verdict = i;
      if (t.columns[i] == "expected") expected = i;
    }
  }
};

/// A row's colour: with an expected column, whether its verdict is the expected one (a claim the
/// catalogue records as failing is as expected when it fails); without, its verdict's word.
std::string verdict_colour(const std::vector<Cell>& r, const VerdictColumns& vc) {
  if (vc.verdict == std::string::npos) return "";
  const std::string v = r[vc.verdict].display();
  if (!is_verdict(v)) return "";
  if (vc.expected == std::string::npos) return verdict_class(v);
  return v == r[vc.expected].display() ? "expected" : "unexpected";
}

/// The header rows: one per level of groups (a colspan each), then the columns' headers.
std::string results_head(const Table& t) {
  std::map<size_t, std::vector<const Table::Group*>> levels;
  for (const auto& g : t.groups) levels[g.level].push_back(&g);
  std::string o = "<thead>\n";
  for (const auto& entry : levels) {
    o += "<tr>";
    size_t c = 0;
    for (const Table::Group* g : entry.second) {
      for (; c < g->first && c < t.columns.size(); ++c) o += "<th></th>";
      o += fmt::format("<th class=\"group\" colspan=\"{}\">{}</th>", g->count, html_escape(g->text));
      c = g->first + g->count;
    }
    for (; c < t.columns.size(); ++c) o += "<th></th>";
    o += "</tr>\n";
  }
  o += "<tr>";
  for (const auto& c : t.columns) {
    const auto it = t.headers.find(c);
    o += "<th scope=\"col\">" + html_escape(it == t.headers.end() ? c : it->second) + "</th>";
  }
  return o + "</tr>\n</thead>\n";
}

std::string render_results(const Table& t, std::set<Cited>& cited) {
  std::string o =
      "<div class=\"scroll\"><table class=\"results\" id=\"results\">\n" + results_head(t) + "<tbody>\n";
  const VerdictColumns vc(t);
  const auto source_col = std::find(t.columns.begin(), t.columns.end(), "source");
  for (const auto& r : t.rows) {
    const std::string colour = verdict_colour(r, vc);
    o += colour.empty() ? "<tr>" : "<tr class=\"" + colour + "\">";
    for (size_t i = 0; i < r.size(); ++i) {
      const std::string v = r[i].display();
      const bool source =
          source_col != t.columns.end() && i == static_cast<size_t>(source_col - t.columns.begin());
      // long text wraps (claims, computed values), so the verdict columns stay in view
      std::string cls = r[i].numeric() ? "num" : v.size() > 24 ? "text" : "";
      if (i == vc.verdict && !colour.empty()) cls = "verdict " + colour;
      o += cls.empty() ? "<td>" : "<td class=\"" + cls + "\">";
      o += source ? link_sources(v, cited) : html_escape(v);
      o += "</td>";
    }
    o += "</tr>\n";
  }
  return o + "</tbody>\n</table></div>\n";
}

/// The counts the page leads with: how many claims came out as expected (when the table says what
/// was expected), then one count per printed word, in this order: holds, fails and undecided always,
/// the words that say less (evaluated, consistent, not certified, ...) when they occur.
std::string render_summary(const Table& t) {
  const VerdictColumns vc(t);
  if (vc.verdict == std::string::npos) return "";
  std::vector<std::pair<std::string, size_t>> n{{"holds", 0}, {"fails", 0}, {"undecided", 0}};
  size_t verdicts = 0, as_expected = 0;
  for (const auto& r : t.rows) {
    const std::string v = r[vc.verdict].display();
    if (!is_verdict(v)) continue;
    ++verdicts;
    as_expected += verdict_colour(r, vc) == "expected" ? 1 : 0;
    auto it = std::find_if(n.begin(), n.end(), [&](const auto& p) { return p.first == v; });
    if (it == n.end()) it = n.insert(n.end(), {v, 0});
    ++it->second;
  }
  std::stable_sort(n.begin(), n.end(), [](const auto& a, const auto& b) {
    const auto rank = [](const std::string& c) { return c == "holds" ? 0 : c == "fails" ? 1 : 2; };
    return rank(verdict_class(a.first)) < rank(verdict_class(b.first));
  });
  std::string o = "<p class=\"summary\" id=\"summary\">";
  const bool expected = vc.expected != std::string::npos;
  if (expected) {
    o += fmt::format("<span class=\"{}\">{} of {} as expected</span>",
                     as_expected == verdicts ? "expected" : "unexpected", as_expected, verdicts);
    if (as_expected < verdicts)
      o += fmt::format("<span class=\"unexpected\">{} not as expected</span>", verdicts - as_expected);
  }
  for (const auto& [word, count] : n)
    o += fmt::format("<span class=\"{}\">{} {}</span>", expected ? "word" : verdict_class(word), count,
                     html_escape(word));
  return o + "</p>\n";
}

std::string render_sources(const std::set<Cited>& cited, const Meta& meta) {
  if (cited.empty()) return "";
  std::string o = "<section id=\"sources\">\n<h2>Sources</h2>\n";
  bool missing = false;
  for (const Cited& c : cited) {
    o += fmt::format("<div class=\"source\" id=\"{}\"><strong>{} l.{}{}</strong>\n", anchor(c),
                     html_escape(c.doc), c.first, c.last != c.first ? fmt::format("-{}", c.last) : "");
    std::string quote;
    for (long l = c.first; l <= c.last && l < c.first + static_cast<long>(kMaxQuotedLines); ++l) {
      std::string line = meta.source_line ? meta.source_line(c.doc, l) : "";
      if (line.size() > kMaxQuoteChars) line = line.substr(0, kMaxQuoteChars) + " ...";
      if (!line.empty())
        quote += fmt::format("<span class=\"line\">{}: {}</span><br>\n", l, html_escape(line));
    }
    if (quote.empty()) missing = true;
    if (c.last >= c.first + static_cast<long>(kMaxQuotedLines) && !quote.empty()) quote += "...<br>\n";
    o += quote.empty() ? "" : "<blockquote>\n" + quote + "</blockquote>\n";
    o += "</div>\n";
  }
  if (missing)
    o += "<p>The text of some sources was not available when this page was made (boundcheck quotes "
         "them from the directory in BOUNDCHECK_PAPERS).</p>\n";
  return o + "</section>\n";
}

}  // namespace

std::string render_html(const Table& t, const Meta& meta) {
  std::set<Cited> cited;
  const std::string what = t.command.empty() ? std::string("boundcheck") : t.command;
  std::string o = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"generator\" content=\"boundcheck {}\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>boundcheck {}</title>\n<style>{}</style>\n</head>\n<body>\n",
      BOUNDCHECK_VERSION, html_escape(what), kStyle);
  o += fmt::format("<header>\n<h1>boundcheck <code>{}</code></h1>\n", html_escape(what));
  if (!meta.invocation.empty())
    o += "<p class=\"invocation\"><code>" + html_escape(meta.invocation) + "</code></p>\n";
  o += "</header>\n" + render_summary(t);
  if (!meta.about.empty()) {
    o += "<section id=\"about\">\n<h2>What is computed</h2>\n<dl class=\"about\">\n";
    for (const auto& [k, v] : meta.about)
      o += "<dt>" + html_escape(k) + "</dt><dd><pre>" + link_sources(v, cited) + "</pre></dd>\n";
    o += "</dl>\n</section>\n";
  }
  if (!meta.figure_svg.empty())
    o += "<section id=\"figure\">\n<h2>Figure</h2>\n<figure><img alt=\"figure of " + html_escape(what) +
         "\" src=\"data:image/svg+xml;base64," + base64(meta.figure_svg) + "\"></figure>\n</section>\n";
  o += "<section id=\"results-section\">\n<h2>Results</h2>\n" + render_results(t, cited) + "</section>\n";
  if (!t.notes.empty()) {
    o += "<section id=\"notes\">\n<h2>Notes</h2>\n<ul class=\"notes\">\n";
    for (const auto& n : t.notes) o += "<li>" + link_sources(n, cited) + "</li>\n";
    o += "</ul>\n</section>\n";
  }
  o += "<section id=\"provenance\">\n<h2>Provenance</h2>\n<dl class=\"about\">\n";
  const BuildInfo& build = build_info();
  o += fmt::format("<dt>program</dt><dd>boundcheck {} (commit {})</dd>\n", html_escape(build.version),
                   html_escape(build.commit));
  std::string libs;
  for (const auto& [name, ver] : build.libraries) libs += (libs.empty() ? "" : ", ") + name + " " + ver;
  o += fmt::format("<dt>libraries</dt><dd>{}; {}</dd>\n", html_escape(libs), html_escape(build.compiler));
  o += "<dt>command</dt><dd><code>" + html_escape(what) + "</code></dd>\n";
  o += "<dt>parameters</dt><dd><code>" +
       html_escape(t.params.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)) +
       "</code></dd>\n";
  o += fmt::format(
      "<dt>digits</dt><dd>{}</dd>\n<dt>reals</dt><dd>{}</dd>\n<dt>threads</dt><dd>{} (results do not "
      "depend on it)</dd>\n",
      meta.digits, meta.certified ? "certified enclosures [mid +/- rad]" : "rounded, every digit correct",
      meta.threads);
  o += "</dl>\n</section>\n";
  o += render_sources(cited, meta);
  o += "<footer>Made by boundcheck " BOUNDCHECK_VERSION
       ": exact integers are exact, every printed digit of a real is proven by a "
       "ball.</footer>\n</body>\n</html>\n";
  return o;
}

}  // namespace bc::out
