// See certificate.hpp. Cost: one JSON dump and one atomic write.
#include "certificate/certificate.hpp"

#include "core/errors.hpp"
#include "core/flint.hpp"
#include "output/atomic_file.hpp"
#include "output/output_path.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace bc::cli {

namespace {
constexpr int kFormatVersion = 1;

bool is_stdout(const std::string& p) {
  return p == "/dev/stdout" || p == "/dev/fd/1" || p == "/proc/self/fd/1";
}

// A run that writes two files checks both directories before it computes: otherwise a missing
// --output directory would be found only after the certificate was written.
void check_directory(const std::string& path, const std::string& what) {
  const std::string target = out::resolve_output_target(path);
  if (out::is_write_through(target)) return;
  std::filesystem::path dir = std::filesystem::path(target).parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw ResourceError(
        fmt::format("{}: cannot write \"{}\": no directory \"{}\"", what, path, dir.string()));
}

// Every exact number the file holds ("p", "-p" or "p/q", as the checker reads them) has at most
// max_number_digits digits in p and in q, and the file holds at most max_json_containers arrays and
// objects (the checker counts them before it parses). Iterative: the JSON is as deep as the
// certificate.
void check_numbers(const nlohmann::json& cert) {
  const auto limit = static_cast<size_t>(certificate_limits::max_number_digits);
  std::vector<const nlohmann::json*> stack{&cert};
  double containers = 0;
  while (!stack.empty()) {
    const nlohmann::json* v = stack.back();
    stack.pop_back();
    if (v->is_structured()) {
      check_certificate_limit("--certificate", "its arrays and objects", ++containers,
                              BC_CERTIFICATE_LIMIT(max_json_containers),
                              "lower the parameters that set its size");
      for (const auto& x : *v) stack.push_back(&x);
      continue;
    }
    if (!v->is_string()) continue;
    const auto& s = v->get_ref<const std::string&>();
    const size_t start = !s.empty() && s[0] == '-' ? 1 : 0, slash = s.find('/');
    if (s.find_first_not_of("0123456789/", start) != std::string::npos || s.size() == start) continue;
    const size_t num = (slash == std::string::npos ? s.size() : slash) - start;
    const size_t den = slash == std::string::npos ? 0 : s.size() - slash - 1;
    if (std::max(num, den) > limit)
      throw ResourceError(
          fmt::format("--certificate: a number of {} digits is above the checker's limit "
                      "max_number_digits = {} (tools/check_certificate/limits.py)",
                      std::max(num, den), limit));
  }
}

// write_atomic's messages name --output; the certificate's name --certificate.
std::string relabel(const std::string& msg) {
  return msg.rfind("--output", 0) == 0 ? "--certificate" + msg.substr(8) : msg;
}
}  // namespace

void add_certificate_option(CLI::App* app, std::string& path, const std::string& what) {
  app->add_option("--certificate", path,
                  "Also write a JSON certificate to PATH (" + what +
                      "), checkable without boundcheck by tools/check_certificate.py; written like "
                      "--output (atomic, never over an input). One invocation: not in table specs, "
                      "lists or verify --expr")
      ->type_name("PATH");
}

bool certificate_requested(const Command& cmd) {
  const CLI::Option* o = cmd.app->get_option_no_throw("--certificate");
  return o != nullptr && o->count() > 0;
}

void check_certificate_path(const std::string& path, const Context& ctx,
                            const std::vector<std::string>& inputs) {
  if (path.empty()) return;
  out::check_output_path(path, out::PathOrigin::command_line, inputs, "--certificate");
  const std::string cert = out::resolve_output_target(path);
  if (!ctx.output.empty() && (path == ctx.output || cert == out::resolve_output_target(ctx.output)))
    throw UsageError(
        fmt::format("--certificate: \"{}\" is also the --output file; give them different names", path));
  if (ctx.output.empty() && (is_stdout(path) || is_stdout(cert)))
    throw UsageError(
        fmt::format("--certificate: \"{}\" is standard output, where the table goes too; give --output FILE "
                    "(or --output /dev/null) to keep them apart",
                    path));
  if (!ctx.output.empty())
    out::check_output_path(ctx.output, out::PathOrigin::command_line, inputs, "--output");
  check_directory(path, "--certificate");
  if (!ctx.output.empty()) check_directory(ctx.output, "--output");
}

nlohmann::json certificate_header(const std::string& kind, const nlohmann::json& params) {
  nlohmann::json j;
  j["certificate"] = kind;
  j["format"] = kFormatVersion;
  j["boundcheck"] = BOUNDCHECK_VERSION;
  j["params"] = params;
  j["checker"] = "tools/check_certificate.py FILE (Python's fractions only; no boundcheck code)";
  return j;
}

void check_certificate_limit(const std::string& what, const std::string& quantity, double value,
                             const char* name, double limit, const std::string& hint) {
  if (value <= limit) return;
  throw ResourceError(
      fmt::format("{}: {} = {:.15g} is above the checker's limit {} = {:.15g} "
                  "(tools/check_certificate/limits.py){}",
                  what, quantity, value, name, limit, hint.empty() ? "" : "; " + hint));
}

void check_common_denominator(const std::string& what, const std::vector<const fmpz*>& dens) {
  Fmpz l;
  fmpz_one(l.x);
  for (const fmpz* d : dens) fmpz_lcm(l.x, l.x, d);
  // digits of l: fmpz_sizeinbase(l, 10) is exact or one too large, so compare with 10^max exactly
  Fmpz bound;
  fmpz_ui_pow_ui(bound.x, 10, static_cast<ulong>(certificate_limits::max_number_digits));
  if (fmpz_cmp(l.x, bound.x) >= 0)
    throw ResourceError(
        fmt::format("{}: a common denominator of {} digits is above the checker's limit "
                    "max_number_digits = {:.0f} (tools/check_certificate/limits.py)",
                    what, fmpz_sizeinbase(l.x, 10), certificate_limits::max_number_digits));
}

double size_factor(const std::vector<const fmpq*>& xs) {
  Fmpz d, t;
  fmpz_one(d.x);
  for (const fmpq* x : xs) fmpz_lcm(d.x, d.x, fmpq_denref(x));
  flint_bitcnt_t bits = 0;
  for (const fmpq* x : xs) {
    fmpz_divexact(t.x, d.x, fmpq_denref(x));
    fmpz_mul(t.x, t.x, fmpq_numref(x));
    bits = std::max(bits, fmpz_bits(t.x));
  }
  return 1 + static_cast<double>(bits / 1024);
}

void attach_certificate(RunResult& r, const std::string& path, const nlohmann::json& cert) {
  if (path.empty()) return;
  check_numbers(cert);
  r.certificate = cert.dump(1);
  r.certificate.push_back('\n');
  check_certificate_limit("--certificate", "the file's size in bytes",
                          static_cast<double>(r.certificate.size()), BC_CERTIFICATE_LIMIT(max_file_bytes),
                          "lower the parameters that set its size");
  r.certificate_path = path;
  r.table.notes.push_back(
      fmt::format("certificate written to {} (check it with tools/check_certificate.py)", path));
}

std::string exact_of_double(double x) {
  if (!std::isfinite(x)) throw DomainError("certificate: a non-finite double has no exact value");
  if (x == 0) return "0";
  int e = 0;
  const double f = std::frexp(x, &e);  // x = f 2^e, 1/2 <= |f| < 1
  auto m = static_cast<long long>(std::ldexp(f, 53));
  e -= 53;
  while (m != 0 && m % 2 == 0 && e < 0) m /= 2, ++e;
  Fmpq q;
  fmpz_set_si(fmpq_numref(q.x), m);
  if (e >= 0)
    fmpz_mul_2exp(fmpq_numref(q.x), fmpq_numref(q.x), static_cast<ulong>(e));
  else
    fmpz_mul_2exp(fmpq_denref(q.x), fmpq_denref(q.x), static_cast<ulong>(-e));
  return q.str();
}

void write_certificate(const RunResult& r) {
  if (r.certificate_path.empty() || r.certificate.empty()) return;
  try {
    out::write_atomic(r.certificate_path, r.certificate);
  } catch (const UsageError& e) {
    throw UsageError(relabel(e.what()));
  } catch (const ResourceError& e) {
    throw ResourceError(relabel(e.what()));
  }
}

}  // namespace bc::cli
