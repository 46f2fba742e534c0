// boundcheck verify [--catalogue DIR] [--id PREFIX] [--list]
// Recomputes every claim of the verify/ catalogue (compiled in) and prints claim / source /
// published / computed / verdict; exit 0 only if every selected claim holds.
#include "cli.hpp"
#include "core/errors.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <unistd.h>
#include <cstdio>

namespace bc::cli {

namespace {

struct VerifyOptions {
  std::string catalogue, id;
  bool list = false;
};

RunResult run_verify(const VerifyOptions& o, const Context&) {
  auto files = o.catalogue.empty() ? verify::embedded_catalogue() : verify::read_catalogue_dir(o.catalogue);
  auto claims = verify::load_catalogue(files);
  std::vector<verify::Claim> selected;
  for (auto& c : claims)
    if (o.id.empty() || c.id.rfind(o.id, 0) == 0) selected.push_back(c);
  if (selected.empty()) throw UsageError(fmt::format("--id matches no claim, got \"{}\"", o.id));
  out::Table t;
  t.command = "verify";
  t.params["catalogue"] = o.catalogue.empty() ? "embedded" : o.catalogue;
  if (!o.id.empty()) t.params["id"] = o.id;
  if (o.list) {
    t.columns = {"id", "claim", "source", "published", "tolerance", "method"};
    for (auto& c : selected)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 out::Cell::of_text(c.published), out::Cell::of_text(c.tolerance),
                 out::Cell::of_text(c.method)});
    return {std::move(t), 0};
  }
  t.columns = {"id", "claim", "source", "published", "computed", "verdict", "expected"};
  const bool progress = isatty(STDERR_FILENO);
  int not_holding = 0;
  size_t k = 0;
  for (auto& c : selected) {
    if (progress) std::fprintf(stderr, "\r[%zu/%zu] %-40s", ++k, selected.size(), c.id.c_str());
    auto r = verify::run_claim(c);
    if (r.verdict != c.expect) {
      ++not_holding;
      t.notes.push_back(fmt::format("{}: {} (expected {}): {}", c.id, verify::verdict_name(r.verdict),
                                    verify::verdict_name(c.expect), r.detail));
    } else if (r.verdict != verify::Verdict::holds) {
      t.notes.push_back(fmt::format(
          "{}: the published claim does not hold as stated, as the catalogue records: {}", c.id, r.detail));
    }
    t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
               out::Cell::of_text(c.published), out::Cell::of_text(r.computed),
               out::Cell::of_text(verify::verdict_name(r.verdict)),
               out::Cell::of_text(verify::verdict_name(c.expect))});
  }
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  t.notes.push_back(fmt::format("{} of {} claims as expected",
                                selected.size() - static_cast<size_t>(not_holding), selected.size()));
  return {std::move(t), not_holding == 0 ? 0 : 1};
}

}  // namespace

void setup_verify(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<VerifyOptions>();
  CLI::App* app = reg.add(root, "verify", "Recompute every published constant and identity in the catalogue");
  app->add_option("--catalogue", opt->catalogue,
                  "Read the catalogue from DIR/*.toml instead of the built-in copy");
  app->add_option("--id", opt->id, "Only claims whose id starts with PREFIX (e.g. sphere.sign)");
  app->add_flag("--list", opt->list, "List the claims and how each is checked, without running them");
  app->footer(
      "Each claim: what is claimed, its source (document and place), the published value as printed,\n"
      "the tolerance rule and the method that recomputes it (verify/*.toml). Verdicts: holds, fails,\n"
      "undecided; a claim the catalogue records as not holding as stated has expected = fails. Exit code 0\n"
      "only if every selected claim's verdict is the expected one.");
  reg.double_check(app, "every claim recomputed at 12 more digits; the verdicts must agree", false,
                   {"computed"});
  reg.bind(app, opt, run_verify);
}

}  // namespace bc::cli
