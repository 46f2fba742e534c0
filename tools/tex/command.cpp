// boundcheck tex --catalogue DIR [--output numbers.tex] [--group] [--separator thin|comma]
// boundcheck tex --check PAPER.tex [--catalogue DIR] [--numbers FILE]
// The numbers in a paper's text as checked macros (issue 35 §3). The first form writes one LaTeX
// definition per named value of the catalogue (tex/values.hpp: [[value]] entries and claims'
// computed values), each preformatted by boundcheck with only proven digits (tex/number.hpp), in
// the file tex/numbers_file.hpp describes; the paper writes \input{numbers} and \bcvalue{NAME}.
// The second reads the paper (and only it, and the numbers file: an \input in the paper names a
// file, it is never opened) and reports every problem (tex/check.hpp): exit 0 clean, 1 problems,
// 2 malformed input.
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/text_file.hpp"
#include "core/visible_text.hpp"
#include "output/output_path.hpp"
#include "tex/check.hpp"
#include "tex/help.hpp"
#include "tex/numbers_file.hpp"
#include "tex/scan.hpp"
#include "tex/values.hpp"
#include "user/loaded.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

namespace bc::cli {

namespace {

struct TexOptions {
  std::string catalogue, check, numbers, separator;
  bool group = false;
};

tex::Options value_options(const TexOptions& o, const Context& ctx) {
  tex::Options t;
  t.digits = ctx.digits;
  t.digits_given = ctx.digits_given;
  t.group = o.group;
  t.double_check = ctx.double_check;
  t.certified = ctx.certified;
  if (o.separator.empty() || o.separator == "thin")
    t.separator = tex::Separator::thin;
  else if (o.separator == "comma")
    t.separator = tex::Separator::comma;
  else
    throw UsageError(fmt::format("--separator must be thin (\\,) or comma ({{,}}), got \"{}\"",
                                 o.separator.size() > 40 ? o.separator.substr(0, 37) + "..." : o.separator));
  return t;
}

// The command line that writes the numbers file, for its header and for --check's advice.
std::string regenerate_command(const TexOptions& o, const Context& ctx, const std::string& output) {
  std::string s = "boundcheck tex --catalogue " + o.catalogue;
  if (ctx.digits_given) s += fmt::format(" --digits {}", ctx.digits);
  if (o.group) s += " --group";
  if (ctx.certified) s += " --certified";
  if (o.separator == "comma") s += " --separator comma";
  return s + " --output " + output;
}

struct Loaded {
  verify::Catalogue cat;
  std::vector<tex::Named> named;
  std::vector<std::string> inputs;  ///< the catalogue's files
  std::vector<std::string> notes;
};

Loaded load(const TexOptions& o, const tex::Options& opt) {
  if (o.catalogue.empty())
    throw UsageError("tex needs --catalogue DIR (the directory of your [[value]] entries and claims)");
  Loaded l;
  l.cat = user::load_dir(o.catalogue);  // read strictly, its quantities registered
  for (const auto& f : verify::read_catalogue_dir(o.catalogue)) l.inputs.push_back(f.name);
  l.named = tex::named_values(l.cat, opt, l.notes);
  return l;
}

out::Table values_table(const std::vector<tex::Computed>& values) {
  out::Table t;
  t.command = "tex";
  t.columns = {"name", "kind", "expression", "latex", "value", "enclosure", "verdict", "expected"};
  for (const auto& v : values) {
    const verify::Claim* c = v.named.claim;
    t.add_row({out::Cell::of_text(v.named.name), out::Cell::of_text(c ? "claim" : "value"),
               out::Cell::of_text(v.named.expr), out::Cell::of_text(v.printed.latex),
               out::Cell::of_text(v.printed.decimal), out::Cell::of_text(v.printed.enclosure),
               out::Cell::of_text(c && v.outcome ? verify::verdict_text(v.outcome->verdict, *c) : ""),
               out::Cell::of_text(c ? verify::verdict_text(c->expect, *c) : "")});
  }
  return t;
}

bool latex_text_output(const Context& ctx) {
  return !ctx.data && (ctx.format == out::Format::table || ctx.format == out::Format::latex);
}

// --output names an existing file that boundcheck did not write (the paper itself, by a slip of the
// Makefile): refused before anything is computed, the file left as it is.
void check_overwrite(const std::string& output) {
  std::error_code ec;
  if (output.empty() || !std::filesystem::is_regular_file(output, ec)) return;  // new, or a device
  std::ifstream in(output, std::ios::binary);
  std::string start(std::char_traits<char>::length(tex::kNumbersFileStart), '\0');
  in.read(start.data(), static_cast<std::streamsize>(start.size()));
  if (in.gcount() == 0 || start == tex::kNumbersFileStart) return;  // empty, or a numbers file
  throw UsageError(fmt::format(
      "--output {}: the file exists and is not a numbers file boundcheck wrote (it does not begin "
      "with \"{}\"): tex overwrites only its own output; remove it or choose another path",
      visible_text(output), tex::kNumbersFileStart));
}

RunResult write_numbers(const TexOptions& o, const Context& ctx) {
  const tex::Options opt = value_options(o, ctx);
  Loaded l = load(o, opt);
  if (latex_text_output(ctx) && !ctx.output.empty()) {  // before any value is computed
    out::check_output_path(ctx.output, out::PathOrigin::command_line, l.inputs, "--output");  // an input
    check_overwrite(ctx.output);  // another file that is not a numbers file
  }
  TableCache cache;
  CommandQuantities cq(cache, true);
  std::vector<tex::Computed> values;
  for (const auto& n : l.named) values.push_back(tex::compute(n, opt, cq, true));
  RunResult r(values_table(values), 0);
  r.table.params["catalogue"] = o.catalogue;
  for (const auto& v : values)
    if (v.outcome && v.outcome->verdict != v.named.claim->expect)
      l.notes.push_back(fmt::format(
          "claim {}: {} (expected {}): {}; \\bcvalue{{{}}} prints the computed value", v.named.name,
          verify::verdict_text(v.outcome->verdict, *v.named.claim),
          verify::verdict_text(v.named.claim->expect, *v.named.claim), v.outcome->detail, v.named.name));
  r.table.notes = std::move(l.notes);
  if (latex_text_output(ctx))
    r.raw = tex::numbers_file(values,
                              regenerate_command(o, ctx, ctx.output.empty() ? "numbers.tex" : ctx.output));
  r.inputs = l.inputs;
  return r;
}

RunResult check_paper(TexOptions o, const Context& ctx) {
  const tex::Options opt = value_options(o, ctx);
  if (o.catalogue.empty()) {  // the paper's own directory
    o.catalogue = std::filesystem::path(o.check).parent_path().string();
    if (o.catalogue.empty()) o.catalogue = ".";
  }
  const std::string paper_text = read_text_file(o.check, {size_t(16) << 20, size_t(1) << 20}, "--check");
  Loaded l = load(o, opt);
  const tex::PaperScan scan = tex::scan_paper(paper_text);
  tex::CheckInput in;
  in.paper = o.check;
  in.scan = &scan;
  in.numbers =
      !o.numbers.empty()
          ? o.numbers
          : (std::filesystem::path(o.check).parent_path() / "numbers.tex").lexically_normal().string();
  std::error_code ec;
  if (std::filesystem::exists(in.numbers, ec))
    // an exact integer is written in full on one line: up to 10^7 digits (limits::max_integer_digits)
    in.numbers_text = read_text_file(in.numbers, {size_t(64) << 20, size_t(64) << 20}, "--numbers");
  TableCache cache;
  CommandQuantities cq(cache, true);
  std::vector<tex::Computed> values;
  for (const auto& n : l.named) {
    bool used = false;
    for (const auto& u : scan.uses) used = used || u.name == n.name;
    values.push_back(tex::compute(n, opt, cq, used && n.claim != nullptr));
  }
  in.regenerate = regenerate_command(o, ctx, in.numbers);
  in.expected_text = tex::numbers_file(values, in.regenerate);
  in.values = &values;
  for (const auto& c : l.cat.claims) {
    bool named = false;
    for (const auto& n : l.named) named = named || n.name == c.id;
    if (!named) in.claims_without_value.push_back(c.id);
  }
  const std::vector<tex::Problem> problems = tex::check_paper(in);
  out::Table t;
  t.command = "tex";
  t.params["check"] = o.check;
  t.params["numbers"] = in.numbers;
  t.columns = {"file", "line", "kind", "name", "problem"};
  std::string lines;
  for (const auto& p : problems) {
    t.add_row({out::Cell::of_text(p.file), out::Cell::of_int(p.line), out::Cell::of_text(p.kind),
               out::Cell::of_text(p.name), out::Cell::of_text(p.message)});
    lines += one_line(p.str()) + "\n";
  }
  t.notes = std::move(l.notes);
  size_t claims_used = 0;
  for (const auto& v : values) claims_used += v.outcome ? 1 : 0;
  t.notes.push_back(problems.empty()
                        ? fmt::format("{}: {} uses of {} values ({} claims, as expected), {} up to date, no "
                                      "value typed by hand",
                                      o.check, scan.uses.size(), values.size(), claims_used, in.numbers)
                        : fmt::format("{}: {} problems", o.check, problems.size()));
  RunResult r(std::move(t), problems.empty() ? 0 : 1);
  if (latex_text_output(ctx)) {
    r.raw = lines;
    r.skip_output = lines.empty();
  }
  r.inputs = l.inputs;
  r.inputs.push_back(o.check);
  r.inputs.push_back(in.numbers);
  return r;
}

RunResult run_tex(const TexOptions& o, const Context& ctx) {
  if (o.check.empty()) {
    if (!o.numbers.empty())
      throw UsageError("--numbers is the file --check reads; to write the numbers, give --output FILE");
    return write_numbers(o, ctx);
  }
  return check_paper(o, ctx);
}

}  // namespace

void setup_tex(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<TexOptions>();
  CLI::App* app =
      reg.add(root, "tex", "Write the catalogue's values as LaTeX macros, or check a paper against them");
  app->add_option("--catalogue", opt->catalogue,
                  "The catalogue directory: DIR/*.toml ([[value]] entries, claims); with --check, by default "
                  "the paper's directory")
      ->type_name("PATH");
  app->add_option("--check", opt->check,
                  "Check PAPER.tex: undefined values, a stale numbers file, claims not as expected, "
                  "values typed by hand")
      ->type_name("FILE");
  app->add_option("--numbers", opt->numbers,
                  "With --check: the numbers file (default: numbers.tex beside the paper)")
      ->type_name("FILE");
  app->add_flag("--group", opt->group, "Group the digits of every plain value (style grouped: 45\\,696)");
  app->add_option("--separator", opt->separator,
                  "The digit-group separator of style grouped: thin (\\,) or comma ({,})")
      ->type_name("thin|comma");
  reg.double_check(app,
                   "every value evaluated again at 12 more digits (its commands at other precisions); exact "
                   "values must be equal, enclosures overlap",
                   true);
  reg.help(app, tex_help());
  reg.bind(app, opt, run_tex);
}

}  // namespace bc::cli
