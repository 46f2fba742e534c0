// The whole command tree of boundcheck, declared once, and the Invoker that runs it in-process.
// main() parses argv through an Invoker; `table` runs one Invoker per thread over a sweep; the
// Python module and `verify --expr` reach the quantities the same way. One tree, one parser.
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "core/build_info.hpp"
#include "core/errors.hpp"
#include "core/suggest.hpp"
#include "user/loaded.hpp"
#include "views/registry_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

namespace bc::cli {

namespace {

using Setup = void (*)(CLI::App&, Registry&);
struct Leaf {
  const char* name;
  Setup setup;
};
struct Group {
  const char* name;  // nullptr: the leaf sits at the root (verify, table)
  const char* description;
  std::vector<Leaf> leaves;
};

// The command tree in --help order. A leaf's name is the one its setup_ function declares
// (build_app checks it).
const std::vector<Group>& command_tree() {
  static const std::vector<Group> tree{
      {"sphere",
       "Spherical harmonics: dimensions N(d,l), Gegenbauer polynomials, sign coefficients",
       {{"dim", setup_sphere_dim},
        {"gegenbauer", setup_sphere_gegenbauer},
        {"sign-coef", setup_sphere_sign_coef},
        {"hecke-funk", setup_sphere_hecke_funk}}},
      {"rank",
       "Rank versus heads: orthogonality counts, the spectral lower bound, H_min, random heads",
       {{"count", setup_rank_count},
        {"bound", setup_rank_bound},
        {"heads", setup_rank_heads},
        {"majority", setup_rank_majority},
        {"head-target", setup_rank_head_target},
        {"u", setup_rank_u},
        {"random-features", setup_rank_random_features}}},
      {"depth",
       "Depth versus width (paper-L): separation-rank bounds, grid ranks, the transition fit",
       {{"bounds", setup_depth_bounds},
        {"grid-rank", setup_depth_grid_rank},
        {"fit", setup_depth_fit},
        {"transition", setup_depth_transition},
        {"optimal", setup_depth_optimal}}},
      {"sym",
       "DeepSets versus pairwise (talk-B): H*, the width bound, exact power-sum Gram matrices",
       {{"hstar", setup_sym_hstar},
        {"bound", setup_sym_bound},
        {"gram", setup_sym_gram},
        {"eckart-young", setup_sym_eckart_young}}},
      {"comm",
       "Communication bounds (talk-H): size requirements, neighborly witnesses, Pair Matching",
       {{"sizes", setup_comm_sizes},
        {"models", setup_comm_models},
        {"neighborly", setup_comm_neighborly},
        {"pair-matching", setup_comm_pair_matching}}},
      {nullptr, "", {{"verify", setup_verify}, {"table", setup_table}, {"tex", setup_tex}}},
  };
  return tree;
}

// Whether the command line's first words name one command: then only that command is declared
// (what parsing and --help of that command see is the same; start-up is the cheaper for it).
bool selects(const Group& g, const Leaf& l, const std::vector<std::string>& words) {
  if (g.name == nullptr) return !words.empty() && words[0] == l.name;
  return words.size() >= 2 && words[0] == g.name && words[1] == l.name;
}

// Whether the command line asks for the version only ("--version", "--version --format json"):
// then no command is declared at all.
bool version_only(const std::vector<std::string>& words) {
  bool version = false;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--version")
      version = true;
    else if (words[i] == "--format" && i + 1 < words.size())
      ++i;
    else if (words[i].rfind("--format=", 0) != 0)
      return false;
  }
  return version;
}

// --version on every level: the version, commit and libraries (core/build_info.hpp), as text or, after
// --format json, as JSON. Declared after the global options, so that a --format given on the same
// level has been stored when the flag's callback runs.
void add_version_flag(CLI::App& app, const GlobalOptions& g) {
  app.set_version_flag(
      "--version",
      [&g]() -> std::string {
        if (g.format == "json") return provenance_json().dump(2);
        if (g.format != "table")
          throw UsageError(fmt::format(
              "--version prints text (--format table, the default) or JSON (--format json), got --format {}",
              g.format.size() > 40 ? g.format.substr(0, 37) + "..." : g.format));
        std::string t = version_text();
        t.pop_back();  // CLI11 adds the newline
        return t;
      },
      "Print the version, the git commit and the versions of the libraries (with --format json: as JSON)");
}

// The user quantities loaded in this process (tools/user/loaded.hpp), one group per namespace in
// load order; when the words name one of them, only it; none when they name a built-in command.
void declare_user_quantities(CLI::App& app, Registry& reg, const std::vector<std::string>& words,
                             bool builtin_selected) {
  if (builtin_selected) return;
  const auto defs = user::quantities();
  auto leaf_name = [](const verify::QuantityDef& d) {
    std::string leaf = d.path()[1];
    std::replace(leaf.begin(), leaf.end(), '_', '-');
    return leaf;
  };
  bool one = false;
  for (const auto& d : defs)
    one = one || (words.size() >= 2 && words[0] == d.path()[0] && words[1] == leaf_name(d));
  std::map<std::string, CLI::App*> groups;
  for (const auto& d : defs) {
    if (one && !(words[0] == d.path()[0] && words[1] == leaf_name(d))) continue;
    CLI::App*& group = groups[d.path()[0]];
    if (group == nullptr) {
      group =
          app.add_subcommand(d.path()[0], "Your quantities (defined by a catalogue's [[quantity]] entries)");
      group->require_subcommand(1);
    }
    setup_user_quantity(*group, reg, d);
  }
}

}  // namespace

void build_app(CLI::App& app, GlobalOptions& g, Registry& reg, const std::vector<std::string>& words) {
  app.formatter(make_help_formatter());  // before any subcommand: they inherit it
  app.require_subcommand(1);
  app.footer(
      "Run 'boundcheck <group> --help' or 'boundcheck <group> <quantity> --help' for details.\n"
      "Exit codes: 0 ok; 1 a domain or resource refusal (the time budget too) or a check that did not "
      "pass: verify when a claim's verdict is not the one the catalogue expects (verify --expr: when the "
      "expression does not hold), tex --check when the paper has a problem (an undefined or stale value, "
      "a claim not as expected, a value typed by hand), --double-check when the two computations "
      "disagree, table status when a shard is missing, stale or damaged; 2 a usage error or a malformed "
      "file (one line on stderr).");
  add_global_options(app, g);
  add_version_flag(app, g);
  app.add_option_function<std::string>(
         "--completion", [&app](const std::string& shell) { print_text(completion_script(app, shell)); },
         "Print a completion script for bash or zsh, generated from the command tree")
      ->type_name("bash|zsh");
  bool one = false;  // the words select one command: declare only it
  for (const Group& grp : command_tree())
    for (const Leaf& l : grp.leaves) one = one || selects(grp, l, words);
  const bool none = version_only(words);
  for (const Group& grp : command_tree()) {
    if (none) break;
    CLI::App* parent = &app;
    for (const Leaf& l : grp.leaves) {
      if (one && !selects(grp, l, words)) continue;
      if (grp.name != nullptr && parent == &app) {
        parent = app.add_subcommand(grp.name, grp.description);
        parent->require_subcommand(1);
      }
      l.setup(*parent, reg);
      const std::function<bool(CLI::App*)> all;
      const auto subs = parent->get_subcommands(all);
      if (subs.empty() || subs.back()->get_name() != l.name)
        throw std::logic_error(fmt::format("build_app: command \"{}\" declared under another name", l.name));
    }
  }
  declare_user_quantities(app, reg, words, one || none);
  help_table(reg);  // no-op when `table` was not declared
  reg.finish();
  // --version is accepted anywhere (after a group or a command too)
  const std::function<bool(CLI::App*)> all;
  for (CLI::App* group : app.get_subcommands(all)) {
    add_version_flag(*group, g);
    for (CLI::App* leaf : group->get_subcommands(all)) add_version_flag(*leaf, g);
  }
}

namespace {

// "boundcheck nonsense" and "boundcheck sphere nonsense": name the word and the choices (CLI11
// would say "A subcommand is required" or treat the word as an extra argument). "boundcheck rank",
// a group and nothing else, lists the group's commands (print_text).
void check_command_words(CLI::App& root, const std::vector<std::string>& args) {
  CLI::App* at = &root;
  std::string path;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& w = args[i];
    if (w.empty()) return;
    if (w == "--catalogue") {  // the user quantities' directory (main() loaded it)
      ++i;
      continue;
    }
    if (w[0] == '-') {  // a global option before the command ("--threads 1 sphere gegenbaur")
      const CLI::Option* o = at->get_option_no_throw(w.substr(0, w.find('=')));
      if (o == nullptr) return;
      if (o->get_expected_min() > 0 && w.find('=') == std::string::npos) ++i;  // and its value
      continue;
    }
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
    path += (path.empty() ? "" : " ") + w;
  }
  bool words_only = true;  // `--catalogue DIR` (the user quantities' directory) aside
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--catalogue")
      ++i;
    else if (args[i].empty() || args[i][0] == '-')
      words_only = false;
  }
  if (words_only && at->get_require_subcommand_min() > 0) print_text(command_listing(*at, path));
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

// CLI11 2.1 (Debian 12) does not clear an App's parse order when it parses again (CLI11 issue
// #1216, fixed upstream by PR #1218): every parse appended one pointer per option given, so a
// long-lived Invoker (Python, table's points, verify's claims) grew by 8 bytes per option per call
// (issue 29: 16 bytes a call of `sphere dim --d D --l L`, for ever). No one reads the parse order.
// It is protected; a pointer to it formed in a derived class reaches it in any App (the rule of
// [class.protected] for pointers to members).
struct ParseOrder : CLI::App {
  static void clear_tree(CLI::App& app) {
    constexpr auto order = &ParseOrder::parse_order_;
    (app.*order).clear();
    for (CLI::App* sub : app.get_subcommands(std::function<bool(CLI::App*)>())) clear_tree(*sub);
  }
};

}  // namespace

Invoker::Invoker() : Invoker(std::vector<std::string>{}) {}

Invoker::Invoker(const std::vector<std::string>& words)
    : app_(std::make_unique<CLI::App>(
          "boundcheck " BOUNDCHECK_VERSION
          " — exact and certified numbers for the expressivity theorems of self-attention.\n"
          "Jobs: evaluate a quantity (boundcheck <group> <quantity> ...), tabulate a sweep\n"
          "(boundcheck table --spec FILE), and verify every published constant (boundcheck verify).",
          "boundcheck")),
      reg_(globals_) {
  build_app(*app_, globals_, reg_, words);
}

Invoker::~Invoker() = default;

const Command& Invoker::parse(const std::vector<std::string>& args) {
  reg_.reset();
  ParseOrder::clear_tree(*app_);
  check_command_words(*app_, args);
  std::vector<std::string> rev(args.rbegin(), args.rend());  // CLI11 consumes from the back
  try {
    app_->parse(rev);
  } catch (const CLI::ExtrasError&) {
    suggest_option(*app_, reg_);
  } catch (const CLI::RequiredError&) {
    // "rank bound --d 64 --r 8 --h 10": the unknown --h, not the missing --H, is the mistake to name
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
  if (!ctx.report.empty() && cmd.path() != "verify")
    throw UsageError(
        fmt::format("--format {} is verify's test report (one test case per claim); {} prints "
                    "table|csv|json|markdown|latex|html",
                    ctx.report, cmd.path()));
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
