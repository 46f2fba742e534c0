// A catalogue run's summary, JUnit XML and TAP (see tools/verify/report.hpp).
// Cost: O(total length of the claims' texts).
#include "verify/report.hpp"

#include "core/build_info.hpp"
#include "core/visible_text.hpp"

#include <fmt/format.h>

#include <map>

namespace bc::cli {

namespace {

// Text for a report: visible (core/visible_text.hpp), and the two noncharacters U+FFFE and U+FFFF
// as \ufffe, \uffff: XML 1.0 and YAML allow neither (a claim id holding one made the JUnit
// report ill-formed).
std::string report_text(std::string_view s) {
  std::string v = visible_text(s);
  for (size_t at = v.find("\xef\xbf"); at != std::string::npos; at = v.find("\xef\xbf", at + 1))
    if (at + 2 < v.size() && (v[at + 2] == '\xbe' || v[at + 2] == '\xbf'))
      v.replace(at, 3, v[at + 2] == '\xbe' ? "\\ufffe" : "\\uffff");
  return v;
}

// A TAP test line's description: a '#' would start a directive ("not ok 3 - x # TODO" is a TODO
// test, not a failure, to a harness), so '#' and the escape character '\' itself are escaped
// (TAP 13: "\#").
std::string tap_description(const std::string& s) {
  std::string out;
  for (char ch : report_text(s)) {
    if (ch == '#' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

// Text for an XML attribute or element: visible (no controls, valid UTF-8; a line break of the
// text itself is kept), then & < > " ' escaped, and a line break as &#10; (an attribute keeps it).
std::string xml(const std::string& s) {
  std::string shown;
  for (size_t at = 0;;) {
    const size_t nl = s.find('\n', at);
    shown +=
        report_text(std::string_view(s).substr(at, nl == std::string::npos ? std::string::npos : nl - at));
    if (nl == std::string::npos) break;
    shown += '\n';
    at = nl + 1;
  }
  std::string out;
  for (char ch : shown) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += "&#10;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string verdict_of(const verify::Claim& c, const ClaimRun& r) {
  return verify::verdict_text(r.outcome.verdict, c);
}

// What a failure or error says: the verdict against the expected one, the computed and published
// values, the grade, and why.
std::string failure_text(const verify::Claim& c, const ClaimRun& r) {
  return fmt::format("{} (expected {})\ncomputed: {}\npublished: {}\ngrade: {}\ndetail: {}\nsource: {}",
                     verdict_of(c, r), verify::verdict_text(c.expect, c), r.outcome.computed,
                     c.published.empty() ? "-" : c.published, r.outcome.grade, r.outcome.detail, c.source);
}

std::string testcase(const verify::Claim& c, const ClaimRun& r) {
  std::string s =
      fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\" file=\"{}\" line=\"{}\">\n",
                  xml(c.file), xml(c.id), r.cpu_seconds, xml(c.file), c.line);
  const std::string message = fmt::format("{}: {} (expected {}); published {}; computed {}", c.id,
                                          verdict_of(c, r), verify::verdict_text(c.expect, c),
                                          c.published.empty() ? "-" : c.published, r.outcome.computed);
  if (r.error)
    s += fmt::format("      <error type=\"error\" message=\"{}\">{}</error>\n", xml(message),
                     xml(failure_text(c, r)));
  else if (!as_expected(c, r))
    s += fmt::format("      <failure type=\"{}\" message=\"{}\">{}</failure>\n", xml(verdict_of(c, r)),
                     xml(message), xml(failure_text(c, r)));
  else if (!c.untestable.empty())
    s += fmt::format("      <skipped message=\"{}\"/>\n", xml("not testable: " + c.untestable));
  s += fmt::format(
      "      <system-out>{}</system-out>\n",
      xml(fmt::format("{}: {}; grade: {}", verdict_of(c, r), r.outcome.computed, r.outcome.grade)));
  return s + "    </testcase>\n";
}

}  // namespace

bool as_expected(const verify::Claim& c, const ClaimRun& r) {
  return !r.error && r.outcome.verdict == c.expect;
}

Summary summarize(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs) {
  Summary s;
  s.claims = claims.size();
  for (size_t i = 0; i < claims.size(); ++i) {
    const bool ok = as_expected(claims[i], runs[i]);
    ok ? ++s.as_expected : ++s.not_as_expected;
    if (runs[i].error)
      ++s.errors;
    else if (!ok && runs[i].outcome.verdict == verify::Verdict::undecided)
      ++s.undecided;
    if (claims[i].formula && runs[i].outcome.verdict == verify::Verdict::holds) ++s.formulas;
  }
  return s;
}

std::string summary_line(const Summary& s) {
  std::string line = fmt::format("{} of {} claims as expected", s.as_expected, s.claims);
  if (s.formulas > 0) line += fmt::format(" ({} of them evaluate a formula)", s.formulas);
  if (s.not_as_expected > 0) {
    std::vector<std::string> parts;
    if (s.undecided > 0) parts.push_back(fmt::format("{} undecided", s.undecided));
    if (s.errors > 0) parts.push_back(fmt::format("{} {}", s.errors, s.errors == 1 ? "error" : "errors"));
    line += fmt::format("; {} not as expected{}", s.not_as_expected,
                        parts.empty() ? "" : fmt::format(" ({})", fmt::join(parts, ", ")));
  }
  return line;
}

std::string junit_report(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs,
                         const Summary& s, const std::string& catalogue) {
  std::map<std::string, std::vector<size_t>> by_file;  // one <testsuite> per catalogue file
  std::vector<std::string> order;
  for (size_t i = 0; i < claims.size(); ++i) {
    if (!by_file.count(claims[i].file)) order.push_back(claims[i].file);
    by_file[claims[i].file].push_back(i);
  }
  double total = 0;
  for (const auto& r : runs) total += r.cpu_seconds;
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += fmt::format("<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n",
                   xml("boundcheck verify " + catalogue), s.claims, s.not_as_expected - s.errors, s.errors,
                   total);
  for (const auto& file : order) {
    size_t failures = 0, errors = 0, skipped = 0;
    double time = 0;
    for (size_t i : by_file[file]) {
      errors += runs[i].error;
      failures += !runs[i].error && !as_expected(claims[i], runs[i]);
      skipped += !claims[i].untestable.empty() && as_expected(claims[i], runs[i]);
      time += runs[i].cpu_seconds;
    }
    x += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
        "time=\"{:.3f}\">\n",
        xml(file), by_file[file].size(), failures, errors, skipped, time);
    x += fmt::format(
        "    <properties>\n      <property name=\"boundcheck\" value=\"{}\"/>\n"
        "      <property name=\"commit\" value=\"{}\"/>\n    </properties>\n",
        xml(build_info().version), xml(build_info().commit));
    for (size_t i : by_file[file]) x += testcase(claims[i], runs[i]);
    x += "  </testsuite>\n";
  }
  return x + "</testsuites>\n";
}

std::string tap_report(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs,
                       const Summary& s) {
  std::string t = fmt::format("TAP version 13\n1..{}\n", claims.size());
  auto yaml = [](const std::string& v) {  // a YAML double-quoted scalar
    std::string out = "\"";
    for (char ch : report_text(v))
      out += ch == '"' ? std::string("\\\"") : ch == '\\' ? std::string("\\\\") : std::string(1, ch);
    return out + "\"";
  };
  for (size_t i = 0; i < claims.size(); ++i) {
    const auto& c = claims[i];
    const auto& r = runs[i];
    const bool ok = as_expected(c, r);
    t += fmt::format("{} {} - {}{}\n", ok ? "ok" : "not ok", i + 1, tap_description(c.id),
                     ok && !c.untestable.empty() ? " # SKIP not testable" : "");
    if (ok) continue;
    t += fmt::format(
        "  ---\n  verdict: {}\n  expected: {}\n  computed: {}\n  published: {}\n  grade: {}\n"
        "  detail: {}\n  at: {}\n  ...\n",
        yaml(verdict_of(c, r)), yaml(verify::verdict_text(c.expect, c)), yaml(r.outcome.computed),
        yaml(c.published.empty() ? "-" : c.published), yaml(r.outcome.grade), yaml(r.outcome.detail),
        yaml(fmt::format("{}:{}", c.file, c.line)));
  }
  return t + fmt::format("# {}\n", summary_line(s));
}

}  // namespace bc::cli
