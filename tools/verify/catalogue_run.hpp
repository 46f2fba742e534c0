// `boundcheck verify [--catalogue DIR] [--id PREFIX] [--list] [--wide] [-q]`: the catalogue run.
// The catalogue is read and checked (a directory's own quantities registered first), the selected
// claims run each in a process of its own (tools/verify/isolate.hpp: one that crashes, aborts or
// runs out of budget gets an error verdict, and every other claim is still reported), then
// presented: one row per claim (-q: only those not as expected), notes, the summary (the last
// note, and JSON's meta.summary), or a JUnit / TAP report (tools/verify/report.hpp).
// Exit code: 0 when every selected claim is as expected, 1 otherwise; a malformed catalogue is a
// usage error (2).
#pragma once

#include "cli.hpp"

#include <string>

namespace bc::cli {

struct CatalogueRequest {
  std::string catalogue, id;
  bool list = false, wide = false, timing = false, quiet = false;
};

RunResult run_catalogue(const CatalogueRequest& o, const Context& ctx);

/// Clipped to n bytes with "...", never inside a UTF-8 sequence.
std::string clip_text(const std::string& s, size_t n);

}  // namespace bc::cli
