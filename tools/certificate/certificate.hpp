// --certificate FILE: a JSON file a third party can check without boundcheck
// (tools/check_certificate.py, Python's fractions alone). Four commands write one: comm neighborly,
// comm pair-matching, depth grid-rank and rank count. The command's run function builds the JSON
// (RunResult::certificate); the front end that a user types into (the CLI's main(), the Python
// module) writes it after the run, by the rules of --output (src/output/atomic_file.hpp: atomic
// for a regular file or a new path, write-through for a device or FIFO, never over an input).
//
// One invocation, one certificate: a `table` spec, a plot overlay, `verify --expr` and command-line
// lists run many invocations and write no file of their own choosing, so they refuse
// --certificate (Invoker::execute) instead of silently dropping it.
#pragma once

#include "certificate/limits.hpp"
#include "cli.hpp"
#include "core/flint.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bc::cli {

/// Declares --certificate FILE on `app`; `what` says what the file holds (for --help).
void add_certificate_option(CLI::App* app, std::string& path, const std::string& what);

/// Whether the parsed command was given --certificate.
[[nodiscard]] bool certificate_requested(const Command& cmd);

/// Refuses (UsageError) a certificate path that --output's rules refuse, one that is also the
/// --output file, or standard output when the table goes there too. Call before computing.
void check_certificate_path(const std::string& path, const Context& ctx,
                            const std::vector<std::string>& inputs);

/// The fields every certificate starts with: kind (the command), format version, boundcheck's
/// version, the command's params.
nlohmann::json certificate_header(const std::string& kind, const nlohmann::json& params);

/// Stores the certificate in `r` (text and path); `r.table` gets a note naming the file. Refuses
/// (ResourceError) a file above the checker's max_file_bytes or with a number of more than
/// max_number_digits digits (certificate/limits.hpp), before anything is written.
void attach_certificate(RunResult& r, const std::string& path, const nlohmann::json& cert);

/// Refuses (ResourceError, exit 1) what the checker would refuse:
/// "<what>: <quantity> = <value> is above the checker's limit <name> = <limit> (<hint>)".
/// Call it with BC_CERTIFICATE_LIMIT(name) for `name, limit`.
void check_certificate_limit(const std::string& what, const std::string& quantity, double value,
                             const char* name, double limit, const std::string& hint);

/// Refuses a common denominator (the least common multiple of `dens`) of more than
/// max_number_digits digits: the checker forms it to check exactly.
void check_common_denominator(const std::string& what, const std::vector<const fmpz*>& dens);

/// The checker's size factor of the rationals `xs` scaled to their common denominator D:
/// 1 + (the bits of the largest |x| D) / 1024 (limits.size_factor); the checker charges a witness
/// or function (factor - 1) times its work estimate more.
double size_factor(const std::vector<const fmpq*>& xs);

/// The exact value of a finite double as a rational "p" or "p/2^e" in lowest terms.
std::string exact_of_double(double x);

/// Writes r.certificate to r.certificate_path (nothing when empty).
void write_certificate(const RunResult& r);

}  // namespace bc::cli
