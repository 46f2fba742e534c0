// What a catalogue run shows a CI: the summary of verdicts (JSON meta.summary, the last note),
// JUnit XML (`verify --format junit`: one <testcase> per claim, a <failure> for a claim that is not
// as expected, an <error> for one whose evaluation failed, <skipped> for one the catalogue records
// as not testable; the computed value, the published value and the grade in the message), and TAP
// 13 (`--format tap`: "ok N - id", "not ok N - id" with a YAML block).
// The XML follows the schema CI viewers read (Jenkins' and GitLab's JUnit importers; the test suite
// validates it against tests/data/junit.xsd). Every string from a catalogue is escaped for XML and
// shown visibly (core/visible_text.hpp): it cannot end an attribute or inject an element.
#pragma once

#include "verify/catalogue.hpp"

#include <string>
#include <vector>

namespace bc::cli {

/// One claim's run: its outcome, the CPU seconds it took, and whether its evaluation failed (an
/// exception, a crash, the time limit) rather than reaching a verdict.
struct ClaimRun {
  verify::Outcome outcome;
  double cpu_seconds = 0;
  bool error = false;
};

struct Summary {
  size_t claims = 0, as_expected = 0, not_as_expected = 0, undecided = 0, errors = 0, formulas = 0;
};

/// Whether claim c reached the verdict its catalogue expects.
bool as_expected(const verify::Claim& c, const ClaimRun& r);

Summary summarize(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs);

/// "63 of 65 claims as expected; 2 not as expected (1 undecided, 1 error)".
std::string summary_line(const Summary& s);

std::string junit_report(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs,
                         const Summary& s, const std::string& catalogue);

std::string tap_report(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs,
                       const Summary& s);

}  // namespace bc::cli
