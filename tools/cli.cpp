#include "cli.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "output/atomic_file.hpp"
#include "output/cell_value.hpp"
#include "output/output_path.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>
#include <thread>
#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif

namespace bc::cli {

void (*release_watchdog)() = nullptr;

Context make_context(const GlobalOptions& g) {
  Context c;
  if (g.format == "junit" || g.format == "tap")
    c.report = g.format;  // verify's test reports (Invoker::execute refuses them elsewhere)
  else if (!out::parse_format(g.format, c.format))
    throw UsageError(
        fmt::format("--format must be one of table|csv|json|markdown|latex|html, got \"{}\"", g.format));
  if (g.standalone && c.format != out::Format::latex && c.format != out::Format::html)
    throw UsageError(
        fmt::format("--standalone goes with --format latex (an html page is always a whole document), got "
                    "--format {}",
                    g.format));
  c.standalone = g.standalone;
  c.digits_given = !g.digits.empty();
  if (c.digits_given)
    c.digits = static_cast<long>(
        parse_uint("--digits", g.digits, 1, static_cast<std::uint64_t>(limits::max_digits)));
  if (g.threads.empty()) {
    unsigned hw = std::thread::hardware_concurrency();
    c.threads = hw == 0 ? 1 : static_cast<int>(hw);
  } else {
    c.threads = static_cast<int>(parse_uint("--threads", g.threads, 1, 256));
  }
#ifndef BOUNDCHECK_HAVE_OPENMP
  c.threads = 1;  // built without OpenMP: everything runs on one thread
#endif
  c.certified = g.certified;
  c.output = g.output;
  c.double_check = g.double_check;
  if (!g.max_seconds.empty()) {
    auto q = parse_exact_rational(g.max_seconds);
    const double s = q ? fmpq_get_d(q->x) : 0.0;
    if (!q || !(s >= 0.001 * (1 - 1e-12) && s <= 1e6))  // 1/1000 as a double may round below 0.001
      throw UsageError(
          fmt::format("--max-seconds must be a number of seconds in [0.001, 1e6], got \"{}\"",
                      g.max_seconds.size() > 40 ? g.max_seconds.substr(0, 37) + "..." : g.max_seconds));
    c.max_seconds = s;
  } else {
    c.max_seconds = limits::default_seconds;
  }
  return c;
}

namespace {
// The value a double cell stands for, with its stated error: the double rounded to `sig`
// significant digits, +-2 units in its sig-th digit (half a unit of rounding, and the double path
// justified to that digit), flagged uncertified. Without it a reader would take one unit in the
// last digit of the shortest decimal, and a whole number such as 768 would read as 768 +- 1.
void keep_stated_error(out::Cell& c, double rounded, long sig) {
  const int e10 = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  // the radius bound in magnitude arithmetic (no Arb power on every cell of a long double sweep):
  // 2 * 10^k as a double, its few ulps of error covered by mag_set_d's rounding up and a margin
  mag_t unit;
  mag_init(unit);
  mag_set_d(unit, 2.0 * std::pow(10.0, e10 - sig + 1) * (1 + 1e-12));
  Arb ball;
  arb_set_d(ball.x, rounded);
  mag_add(arb_radref(ball.x), arb_radref(ball.x), unit);
  mag_clear(unit);
  auto n = std::make_shared<out::CellNumber>();
  arb_swap(n->ball.x, ball.x);
  n->uncertified = true;
  c.number = std::move(n);
}
}  // namespace

out::Cell uncertified(double v, const Context& ctx, const char* what, int justified) {
  if (!std::isfinite(v))
    throw DomainError(
        fmt::format("{}: the double-precision result is not finite ({}); the inputs are "
                    "outside the range this computation supports",
                    what, v));
  const long sig = std::min<long>(ctx.digits, justified);
  // v rounded to `sig` significant digits: printed as %.{sig}g, then read back, both correctly
  // rounded (ties to even), in a buffer on the stack: a million-row double sweep calls this twice
  // a row, and std::to_chars / from_chars take 150 ns where fmt::format + strtod took 400
  char text[64];
  const auto end =
      std::to_chars(text, text + sizeof text, v, std::chars_format::general, static_cast<int>(sig));
  double rounded = 0;
  std::from_chars(text, end.ptr, rounded);
  out::Cell c = out::Cell::of_double(rounded);
  if (rounded != 0) {
    keep_stated_error(c, rounded, sig);
    // more integer digits than significant ones (to_chars then wrote "e+"): printed as %.{sig}g
    // (7.4e+05), since the shortest text (740000) would show the rounded-away digits as zeros
    if (std::string_view(text, static_cast<size_t>(end.ptr - text)).find("e+") != std::string_view::npos)
      c.sig = static_cast<int>(sig);
  }
  return c;
}

void add_global_options(CLI::App& app, GlobalOptions& g) {
  const std::string grp = "Global options";
  app.add_option("--format", g.format, "Output format (default table)")
      ->type_name("table|csv|json|markdown|latex|html")
      ->group(grp);
  app.add_option("--digits", g.digits,
                 fmt::format("Significant decimal digits of real results, every one correct "
                             "(1..{}, default 30)",
                             limits::max_digits))
      ->type_name("INT")
      ->group(grp);
  app.add_option("--threads", g.threads,
                 "Worker threads (1..256; default: all cores). "
                 "Results do not depend on it")
      ->type_name("INT")
      ->group(grp);
  app.add_option("--output", g.output, "Write to PATH atomically instead of stdout")
      ->type_name("PATH")
      ->group(grp);
  app.add_flag("--certified", g.certified,
               "Print reals as enclosing intervals [mid +/- rad] instead of rounded digits")
      ->group(grp);
  app.add_option("--max-seconds", g.max_seconds,
                 "Time budget in seconds (default 60): work estimated above it is refused up front, "
                 "and a run that exceeds it stops with an error")
      ->type_name("SECONDS")
      ->group(grp);
  app.add_flag("--double-check", g.double_check,
               "Recompute with different internal parameters and fail (exit 1) if the two results "
               "disagree beyond their enclosures; the footer says what the second computation is")
      ->group(grp);
  app.add_flag(
         "--standalone", g.standalone,
         "With --format latex: a whole document (preamble, table, notes) that pdflatex compiles as it is")
      ->group(grp);
}

CLI::App* Registry::add(CLI::App& parent, const std::string& name, const std::string& description) {
  CLI::App* app = parent.add_subcommand(name, description);
  add_global_options(*app, globals_);
  Command c;
  c.app = app;
  commands_.push_back(std::move(c));
  return app;
}

void Registry::bind_runner(CLI::App* app, Runner run, std::function<void()> reset,
                           std::function<std::vector<double>(const Context&)> estimate) {
  for (auto& c : commands_)
    if (c.app == app) {
      c.run = std::move(run);
      c.reset = std::move(reset);
      c.estimate = std::move(estimate);
    }
}

void Registry::lists(CLI::App* app, std::vector<std::string> options) {
  for (auto& c : commands_)
    if (c.app == app) c.list_options = std::move(options);
}

void Registry::double_check(CLI::App* app, std::string what, bool own, std::vector<std::string> skip) {
  for (auto& c : commands_)
    if (c.app == app) {
      c.double_check = std::move(what);
      c.own_double_check = own;
      c.double_check_skip = std::move(skip);
    }
}

void Registry::help(CLI::App* app, Help h) {
  for (auto& c : commands_)
    if (c.app == app) c.help = std::move(h);
}

void Registry::finish() {
  for (auto& c : commands_) {
    if (c.double_check.empty())
      c.double_check =
          "the same command at 12 more digits of working precision (so every adaptive precision, "
          "truncation and term budget differs), every real compared as an enclosure";
    if (!c.help.formula.empty()) {
      c.app->footer(compose_footer(c.help, c.double_check));
      continue;
    }
    const std::string f = c.app->get_footer();
    c.app->footer(f + (f.empty() ? "" : "\n") + "--double-check: " + c.double_check + ".");
  }
}

void Registry::reset() {
  globals_ = GlobalOptions{};
  for (auto& c : commands_)
    if (c.reset) c.reset();
}

const Command* Registry::find(const std::string& path) const {
  for (const auto& c : commands_)
    if (c.path() == path) return &c;
  return nullptr;
}

std::string Command::path() const {
  std::string p = app->get_name();
  for (const CLI::App* a = app->get_parent(); a != nullptr && a->get_parent() != nullptr; a = a->get_parent())
    p = a->get_name() + " " + p;
  return p;
}

bool reads_file(const CLI::Option& o) { return o.get_type_name() == "FILE"; }

bool sweepable(const CLI::Option& o) {
  static const std::set<std::string> kNumbers = {"INT", "RATIONAL", "LIST", "ANGLE", "SIZE"};
  const std::string type = o.get_type_name();
  if (kNumbers.count(type) != 0U) return true;
  // a choice list: lower-case words and digits between bars ("exact|talk", "1024|1000")
  return type.find('|') != std::string::npos && std::all_of(type.begin(), type.end(), [](char c) {
           return c == '|' || c == '-' || c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
         });
}

out::Meta result_meta(const RunResult& r, const Context& ctx) {
  out::Meta meta{r.digits > 0 ? r.digits : ctx.digits, ctx.threads, r.certified.value_or(ctx.certified)};
  meta.standalone = ctx.standalone;
  return meta;
}

void emit(const RunResult& r, const Context& ctx, const Command* cmd, const std::string& invocation) {
  const out::Table& t = r.table;
  if (!r.skip_output) {
    out::Meta meta = result_meta(r, ctx);
    if (ctx.format == out::Format::html) report_context(meta, cmd, invocation);
    if (ctx.format == out::Format::html && !r.about.empty()) meta.about = r.about;
    meta.figure_svg = r.figure;
    std::string rendered;  // r.raw is printed as it is, not copied (a streamed table's CSV can be GBs)
    if (r.raw.empty()) rendered = out::render(t, meta, ctx.format);
    const std::string& text = r.raw.empty() ? rendered : r.raw;
    if (!ctx.output.empty()) {
      out::check_output_path(ctx.output, out::PathOrigin::command_line, r.inputs, "--output");
      out::write_atomic(ctx.output, text);
    } else if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
      throw ResourceError("cannot write to standard output");
    }
  }
  const bool notes_in_data = ctx.format == out::Format::json || ctx.format == out::Format::html;
  if (!notes_in_data || r.skip_output || !r.raw.empty()) {
    // wrapped at the terminal's width on a terminal; whole lines for a log or a pipe (help.hpp)
    const size_t width = stderr_terminal_width();
    for (const auto& n : t.notes) std::fputs(format_note(n, width).c_str(), stderr);
  }
}

}  // namespace bc::cli
