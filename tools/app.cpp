// The whole command tree of boundcheck, declared once, and the Invoker that runs it in-process.
// main() parses argv through an Invoker; `table` runs one Invoker per thread over a sweep; the
// Python module and `verify --expr` reach the quantities the same way. One tree, one parser.
#include "certificate.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::cli {

void build_app(CLI::App& app, GlobalOptions& g, Registry& reg) {
  app.formatter(make_help_formatter());  // before any subcommand: they inherit it
  app.set_version_flag("--version", BOUNDCHECK_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Run 'boundcheck <group> --help' or 'boundcheck <group> <quantity> --help' for details.\n"
      "Exit codes: 0 ok, 1 domain/resource refusal, 2 usage error (one line on stderr).");
  add_global_options(app, g);

  CLI::App* sphere = app.add_subcommand(
      "sphere", "Spherical harmonics: dimensions N(d,l), Gegenbauer polynomials, sign coefficients");
  sphere->require_subcommand(1);
  setup_sphere_dim(*sphere, reg);
  setup_sphere_gegenbauer(*sphere, reg);
  setup_sphere_sign_coef(*sphere, reg);
  setup_sphere_hecke_funk(*sphere, reg);
  CLI::App* rank = app.add_subcommand(
      "rank", "Rank versus heads: orthogonality counts, the spectral lower bound, H_min, random heads");
  rank->require_subcommand(1);
  setup_rank_count(*rank, reg);
  setup_rank_bound(*rank, reg);
  setup_rank_heads(*rank, reg);
  setup_rank_majority(*rank, reg);
  setup_rank_head_target(*rank, reg);
  setup_rank_u(*rank, reg);
  setup_rank_random_features(*rank, reg);
  CLI::App* depth = app.add_subcommand(
      "depth", "Depth versus width (paper-L): separation-rank bounds, grid ranks, the transition fit");
  depth->require_subcommand(1);
  setup_depth_bounds(*depth, reg);
  setup_depth_grid_rank(*depth, reg);
  setup_depth_fit(*depth, reg);
  setup_depth_transition(*depth, reg);
  setup_depth_optimal(*depth, reg);
  CLI::App* sym = app.add_subcommand(
      "sym", "DeepSets versus pairwise (talk-B): H*, the width bound, exact power-sum Gram matrices");
  sym->require_subcommand(1);
  setup_sym_hstar(*sym, reg);
  setup_sym_bound(*sym, reg);
  setup_sym_gram(*sym, reg);
  setup_sym_eckart_young(*sym, reg);
  CLI::App* comm = app.add_subcommand(
      "comm", "Communication bounds (talk-H): size requirements, neighborly witnesses, Pair Matching");
  comm->require_subcommand(1);
  setup_comm_sizes(*comm, reg);
  setup_comm_models(*comm, reg);
  setup_comm_neighborly(*comm, reg);
  setup_comm_pair_matching(*comm, reg);
  setup_verify(app, reg);
  setup_table(app, reg);
  help_table(reg);
  reg.finish();
  // --version is accepted anywhere (after a group or a command too)
  const std::function<bool(CLI::App*)> all;
  for (CLI::App* group : app.get_subcommands(all)) {
    group->set_version_flag("--version", BOUNDCHECK_VERSION);
    for (CLI::App* leaf : group->get_subcommands(all))
      leaf->set_version_flag("--version", BOUNDCHECK_VERSION);
  }
}

namespace {

// "boundcheck nonsense" and "boundcheck sphere nonsense": name the word and the choices (CLI11
// would say "A subcommand is required" or treat the word as an extra argument).
void check_command_words(CLI::App& root, const std::vector<std::string>& args) {
  CLI::App* at = &root;
  for (const std::string& w : args) {
    if (w.empty() || w[0] == '-') return;
    const std::function<bool(CLI::App*)> all;
    const auto subs = at->get_subcommands(all);
    if (subs.empty()) return;
    CLI::App* next = nullptr;
    std::vector<std::string> names;
    for (CLI::App* s : subs) {
      names.push_back(s->get_name());
      if (s->get_name() == w) next = s;
    }
    if (next == nullptr) {
      std::string where = at == &root ? "boundcheck" : "boundcheck " + at->get_name();
      std::string shown = w.size() > 40 ? w.substr(0, 37) + "..." : w;
      for (char& c : shown)
        if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
      const auto close = did_you_mean(w, names);
      const std::string hint = close.empty() ? "" : fmt::format(", did you mean \"{}\"?", close.front());
      throw UsageError(fmt::format("unknown command \"{}\" after {}{} (expected one of: {})", shown, where,
                                   hint, fmt::join(names, ", ")));
    }
    at = next;
  }
}

// An option given with an empty value ("--threads ''", "--output=") is an error, never "absent".
void check_empty_values(const CLI::App* app) {
  for (const CLI::Option* o : app->get_options())
    if (o->count() > 0 && o->get_type_size() != 0)
      for (const std::string& v : o->results())
        if (v.empty()) throw UsageError(fmt::format("{} must not be empty, got \"\"", o->get_name()));
  for (const CLI::App* s : app->get_subcommands())
    if (s->parsed()) check_empty_values(s);
}

// CLI11's "The following arguments were not expected: --kernal double": name the first unknown
// option and the closest option of the command that was selected ("did you mean --kernel?").
void suggest_option(const CLI::App& root, const Registry& reg) {
  const Command* leaf = nullptr;
  for (const auto& c : reg.commands())
    if (c.app->parsed()) leaf = &c;
  std::vector<std::string> extras = root.remaining(true);
  for (const std::string& word : extras) {
    if (word.size() < 2 || word[0] != '-') continue;
    const std::string name = word.substr(0, word.find('='));
    std::vector<std::string> known;
    for (const CLI::Option* o : (leaf != nullptr ? leaf->app : &root)->get_options())
      for (const auto& l : o->get_lnames()) known.push_back("--" + l);
    const std::string where = leaf != nullptr ? leaf->path() + ": " : "";
    std::string shown = name.size() > 40 ? name.substr(0, 37) + "..." : name;
    for (char& c : shown)
      if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
    throw UsageError(fmt::format("{}unknown option {}{}", where, shown, suggestion(name, known)));
  }
  throw;  // no option among the extras: CLI11's own message
}

}  // namespace

Invoker::Invoker()
    : app_(std::make_unique<CLI::App>(
          "boundcheck " BOUNDCHECK_VERSION
          " — exact and certified numbers for the expressivity theorems of self-attention.\n"
          "Jobs: evaluate a quantity (boundcheck <group> <quantity> ...), tabulate a sweep\n"
          "(boundcheck table --spec FILE), and verify every published constant (boundcheck verify).",
          "boundcheck")),
      reg_(globals_) {
  build_app(*app_, globals_, reg_);
}

Invoker::~Invoker() = default;

const Command& Invoker::parse(const std::vector<std::string>& args) {
  reg_.reset();
  check_command_words(*app_, args);
  std::vector<std::string> rev(args.rbegin(), args.rend());  // CLI11 consumes from the back
  try {
    app_->parse(rev);
  } catch (const CLI::ExtrasError&) {
    suggest_option(*app_, reg_);
  }
  check_empty_values(app_.get());
  // the deepest parsed leaf (a command may have subcommands of its own, e.g. `table merge`)
  const Command* found = nullptr;
  for (const auto& c : reg_.commands())
    if (c.app->parsed()) {
      const auto subs = c.app->get_subcommands();
      const bool child_parsed =
          std::any_of(subs.begin(), subs.end(), [](const CLI::App* s) { return s->parsed(); });
      if (!child_parsed) found = &c;
    }
  if (found == nullptr) throw UsageError("no command given (see boundcheck --help)");
  return *found;
}

Context Invoker::context() const { return make_context(globals_); }

RunResult Invoker::run(const std::vector<std::string>& args, Context* ctx_out) {
  const Command* cmd = nullptr;
  try {
    cmd = &parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) throw UsageError("--help and --version print text, not a table");
    throw UsageError(e.what());
  }
  Context ctx = context();
  if (ctx_out != nullptr) *ctx_out = ctx;
  return execute(*cmd, ctx);
}

RunResult Invoker::execute(const Command& cmd, const Context& ctx) {
  if (certificate_requested(cmd)) {
    if (!allow_certificates_)
      throw UsageError(
          "--certificate writes one invocation's file and is taken only from the command line or Python, "
          "not from a table spec, a plot overlay or verify --expr (run the command itself with --certificate "
          "FILE)");
    return run_checked(cmd, ctx);  // one invocation, one certificate: lists and ranges are not swept
  }
  if (std::optional<RunResult> swept = sweep_lists(cmd, ctx)) return std::move(*swept);
  return run_checked(cmd, ctx);
}

}  // namespace bc::cli
