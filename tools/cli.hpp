// Shared CLI machinery: global options, the parsed context, the command registry and output.
//
// Each subcommand lives in its own file (CLI11 examples/subcom_in_files) with an options struct,
// a setup_ function that declares the options on its CLI::App, and a run_ function that turns
// validated options into an out::Table. Library code never prints; this layer does.
#pragma once

#include "help.hpp"
#include "output/cell_value.hpp"
#include "output/table.hpp"
#include "verify/definitions.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bc::cli {

/// Options every command accepts (declared on the root and on every leaf command).
struct GlobalOptions {
  std::string format = "table";
  std::string digits;   // empty: not typed (30)
  std::string threads;  // empty: all hardware threads
  std::string output;
  std::string max_seconds;  // empty: limits::default_seconds
  bool certified = false;
  bool double_check = false;
  bool standalone = false;
};

/// Validated global options.
struct Context {
  out::Format format = out::Format::table;
  /// --format junit | tap: a test report of verify's claims (JUnit XML, TAP 13); "" otherwise.
  std::string report;
  long digits = 30;
  bool digits_given = false;  ///< --digits was typed (a table's spec `digits` yields to it)
  int threads = 1;
  bool certified = false;
  bool standalone = false;  ///< --standalone: --format latex prints a whole document
  std::string output;
  double max_seconds = 60;    ///< time budget (limits::set_time_budget is the CLI's business)
  bool double_check = false;  ///< --double-check: recompute and compare (see run_checked)
  /// Set on the second computation of --double-check: commands that have an alternative algorithm
  /// (Command::double_check describes it) use it; all others just see other digits/precision.
  bool alternate = false;
  /// The table is data for a program (the Python module), not text for a reader: commands that
  /// trim columns for a terminal (verify's compact layout) keep them all, as in csv and json.
  bool data = false;
  /// Someone in this process reads the table's cells (`table`'s derived columns, `verify --expr`,
  /// Python): every numeric cell carries the value it was printed from and every row is held as
  /// cells. The CLI's main() clears it: it only prints the table, so a command with a long table
  /// may give cells without values and its rows as an out::RowSource made as they are printed
  /// (`sphere sign-coef`). Under --double-check the rows are compared, and are held (run_checked).
  bool keep_values = true;
};

/// The watchdog's backstop (tools/main.cpp; the Python module's in-process one): a run still going
/// at kGraceFactor x its budget + kGraceSeconds is stopped with the time-limit error. Loops poll the
/// deadline at least every tenth of the budget, so a run stops by its polls well before that.
inline constexpr double kGraceFactor = 1.1;
inline constexpr double kGraceSeconds = 0.1;

/// Throws UsageError on any bad global option.
Context make_context(const GlobalOptions& g);

/// Set by the CLI's main(): lets a command whose work runs in child processes with deadlines of
/// their own (verify's catalogue run) release the process-wide watchdog, which would otherwise kill
/// the whole run at the deadline of one budget. Empty in the other front ends.
extern void (*release_watchdog)();

/// What a command produces: its table and its exit code (0, or 1 when a check it ran fails,
/// as `verify` does when a claim does not hold).
struct RunResult {
  RunResult(out::Table t = {}, int code = 0)
      : table(std::move(t)), exit_code(code) {}  // NOLINT: {table, code}
  out::Table table;
  int exit_code = 0;
  std::string raw;           ///< when not empty: written verbatim instead of rendering the table
  bool skip_output = false;  ///< nothing to write (e.g. a shard already done); notes still print
  std::string figure;        ///< an SVG document an HTML report draws above the table
  /// What an HTML report says is computed, when not the command's own help (table: the swept
  /// command's formula and source, and the spec).
  std::vector<std::pair<std::string, std::string>> about;
  /// The digits its reals were printed at when not --digits (0): a table's spec `digits`, a
  /// merge's shard files'. JSON meta.digits and the HTML report say this; likewise certified
  /// when not --certified (a merge's shard files').
  long digits = 0;
  std::optional<bool> certified;
  /// Files the command read (spec, shard files, catalogue, spectrum): --output may not overwrite them.
  std::vector<std::string> inputs;
  /// --certificate (tools/certificate/certificate.hpp): the JSON and where the front end writes it.
  std::string certificate, certificate_path;
};

using Runner = std::function<RunResult(const Context&)>;

/// The leaf commands, in declaration order; the front ends run the one that was parsed.
struct Command {
  CLI::App* app = nullptr;
  Runner run;
  std::function<void()> reset;  ///< restores the command's options to their defaults
  /// Options that take comma lists, such that the command prints one row per combination in the
  /// Cartesian order of these options (first outermost) with a column named after each option
  /// holding its value. `table` then sweeps them in one call, through the command's own kernel.
  std::vector<std::string> list_options;
  /// The command's own up-front cost model: estimated seconds on one core of each row it would
  /// print for the parsed options, in its row order (one value for a command without lists).
  /// Empty function: no model. `table` cuts sweeps into tasks and deals them to shards by it
  /// (tools/table/plan.hpp); a command whose time budget check uses the same model stays honest.
  std::function<std::vector<double>(const Context&)> estimate;
  /// The command implements --double-check itself (an exact recomputation); run_checked then
  /// runs it once.
  bool own_double_check = false;
  /// What the second computation of --double-check is (shown in the command's --help).
  std::string double_check;
  /// Columns that are measurements of the computation itself (a difference, a timing), not compared.
  std::vector<std::string> double_check_skip;
  /// The parts of its --help (help.hpp); Registry::finish composes the footer from them.
  Help help;
  /// "rank bound": the words typed after `boundcheck`.
  [[nodiscard]] std::string path() const;
};

/// The one command registry. Every front end (the CLI, `table`, the Python module, `verify --expr`)
/// reaches the quantities through it: never a second copy of option parsing or of a formula.
class Registry {
 public:
  explicit Registry(GlobalOptions& g) : globals_(g) {}
  /// Declares a leaf command under `parent` with the global options attached.
  CLI::App* add(CLI::App& parent, const std::string& name, const std::string& description);
  /// Binds the command's options struct and its run function. The struct is reset to `Opt{}`
  /// before every parse, so one parsed tree can run many invocations.
  template <class Opt>
  void bind(CLI::App* app, std::shared_ptr<Opt> opt, RunResult (*fn)(const Opt&, const Context&)) {
    for (auto& c : commands_)
      if (c.app == app) {
        c.run = [opt, fn](const Context& ctx) { return fn(*opt, ctx); };
        c.reset = [opt] { *opt = Opt{}; };
      }
  }
  /// Binds a run function, its reset and its cost model (may be empty) directly: for a command
  /// whose run needs more than a plain options struct (a user quantity carries its definition).
  void bind_runner(CLI::App* app, Runner run, std::function<void()> reset,
                   std::function<std::vector<double>(const Context&)> estimate = {});
  /// Binds the command's cost model (see Command::estimate); it reads the same options struct.
  template <class Opt>
  void estimate(CLI::App* app, std::shared_ptr<Opt> opt,
                std::vector<double> (*fn)(const Opt&, const Context&)) {
    for (auto& c : commands_)
      if (c.app == app) c.estimate = [opt, fn](const Context& ctx) { return fn(*opt, ctx); };
  }
  /// Declares the options of `app` that take comma lists (see Command::list_options).
  void lists(CLI::App* app, std::vector<std::string> options);
  /// Describes the second computation of --double-check for `app` (appended to its --help); `own`:
  /// the command does the check itself.
  void double_check(CLI::App* app, std::string what, bool own = false, std::vector<std::string> skip = {});
  /// Sets the formula, source, cost, details and examples of `app`'s --help (help.hpp).
  void help(CLI::App* app, Help h);
  /// Every command without its own description gets the generic one; called once by build_app.
  void finish();
  /// Every option of every command (and the global ones) back to its default.
  void reset();
  [[nodiscard]] const std::vector<Command>& commands() const { return commands_; }
  /// The command at `path` ("rank bound"), or nullptr.
  [[nodiscard]] const Command* find(const std::string& path) const;

 private:
  GlobalOptions& globals_;
  std::vector<Command> commands_;
};

/// Declares every group and command of boundcheck on `app` (tools/app.cpp); when the first of
/// `words` (a command line) name one command ("sphere gegenbauer ...", "verify ..."), only that
/// command (and its group) is declared, and none for `--version` alone: parsing and --help of that
/// command are the same, and start-up is cheaper (every command's options: ~4.5 million instructions).
void build_app(CLI::App& app, GlobalOptions& g, Registry& reg, const std::vector<std::string>& words = {});

/// A parsed command tree that runs invocations in-process, as typed after `boundcheck`:
/// {"rank", "bound", "--d", "64", ...}. Build one per thread and reuse it; each call resets every
/// option to its default first. The CLI's main() is one client, `table` another.
class Invoker {
 public:
  Invoker();
  /// A tree for this command line only (build_app's `words`): main() parses argv with it. Other
  /// command lines may not parse the same with it: the other front ends use the whole tree.
  explicit Invoker(const std::vector<std::string>& words);
  Invoker(const Invoker&) = delete;
  Invoker& operator=(const Invoker&) = delete;
  ~Invoker();
  /// Parses `args`; returns the leaf command that was selected. Throws CLI::ParseError as CLI11
  /// does (including CallForHelp / CallForVersion) and UsageError when no leaf was selected.
  const Command& parse(const std::vector<std::string>& args);
  /// Validated global options of the last parse.
  [[nodiscard]] Context context() const;
  /// Runs a parsed command: the command itself, or, when options it takes one value of were given
  /// lists or ranges, the sweep over them (sweep_lists). Every front end runs commands this way.
  RunResult execute(const Command& cmd, const Context& ctx);
  /// Whether the last parse gave --max-seconds explicitly.
  [[nodiscard]] bool max_seconds_given() const { return !globals_.max_seconds.empty(); }
  /// parse() + context() + execute(), with every CLI11 error turned into UsageError (exit code 2).
  RunResult run(const std::vector<std::string>& args, Context* ctx_out = nullptr);
  /// Lets execute() run a command given --certificate FILE (the caller then writes the file with
  /// write_certificate). Only the front ends a user types into allow it (main(), the Python module);
  /// everywhere else (table points, plot overlays, verify --expr) it is refused, not dropped.
  void allow_certificates(bool on) { allow_certificates_ = on; }
  CLI::App& app() { return *app_; }
  const Registry& registry() const { return reg_; }

 private:
  GlobalOptions globals_;
  std::unique_ptr<CLI::App> app_;
  Registry reg_;
  bool allow_certificates_ = false;
};

/// Declares --format, --digits, --threads, --output, --certified, --max-seconds, --double-check,
/// --standalone on `app`.
void add_global_options(CLI::App& app, GlobalOptions& g);

/// Whether the option names a file the command reads (declared with type_name("FILE"): --spectrum,
/// --data). When its value comes from a file (a spec, a catalogue), it must pass
/// out::check_input_path_from_file.
bool reads_file(const CLI::Option& o);
/// Whether a command line's list or range (`--H 1,10`, `--L 6:30:6`, `--H log(1,1e6,4)`) may sweep the
/// option: its values are numbers (type INT, RATIONAL, LIST, ANGLE, SIZE) or fixed choices
/// (exact|talk). Any other option (an expression, a path, a prefix, a partition, KEY=VALUE) takes
/// its value as one string, never expanded: `verify --expr "1,2"` is one (malformed) expression.
bool sweepable(const CLI::Option& o);
/// Runs `cmd` and, under --double-check, the second computation (Context::alternate, 12 more
/// digits, certified), comparing every cell: exact cells must be equal, reals must overlap as
/// enclosures (a rounded D-digit real stands for +-1 unit in its last digit), doubles agree to
/// 1e-9 relative. Throws DomainError naming both values when they disagree.
RunResult run_checked(const Command& cmd, const Context& ctx);
/// run_checked's comparison of the first computation `a` with the second `b` (described by
/// `method`), skipping the columns `skip`; `who` starts the message ("rank bound: --double-check
/// failed"). Throws DomainError naming the column, the row and both values.
void check_agreement(const out::Table& a, const out::Table& b, const std::string& who,
                     const std::string& method, const std::vector<std::string>& skip);

/// A result of a double-precision (uncertified) computation as a cell: rounded to
/// min(digits, justified) significant digits, so that no printed digit is beyond what the double
/// path supports; a non-finite value is refused (DomainError naming `what`).
out::Cell uncertified(double v, const Context& ctx, const char* what, int justified = 12);

/// What the output says about the run (JSON meta, an HTML report's context): the digits the cells
/// were printed at (RunResult::digits, else --digits), --threads, --certified, --standalone.
out::Meta result_meta(const RunResult& r, const Context& ctx);

/// Renders and writes the table (stdout or atomically to --output); notes go to stderr except
/// in JSON and HTML, where they travel with the data. `cmd` (optional) gives an HTML report its
/// formula, source and cost; `invocation` is the command line as typed.
void emit(const RunResult& r, const Context& ctx, const Command* cmd = nullptr,
          const std::string& invocation = {});

/// Fills what an HTML report shows besides the table: `cmd`'s help parts (when not null), the
/// command line, and a reader of the cited source lines (tools/report.cpp).
void report_context(out::Meta& meta, const Command* cmd, const std::string& invocation);

/// The command line's lists and ranges for options the command takes one value of
/// (`rank heads --d 16,32 --eps 0.1,0.2`, `--H log(1,1e6,4)`): swept through the `table` machinery,
/// one row block per point in Cartesian order. nullopt when there is nothing to sweep
/// (tools/table/command.cpp).
std::optional<RunResult> sweep_lists(const Command& cmd, const Context& ctx);

// One setup function per subcommand file.
void setup_sphere_dim(CLI::App& group, Registry& reg);
void setup_sphere_gegenbauer(CLI::App& group, Registry& reg);
void setup_sphere_sign_coef(CLI::App& group, Registry& reg);
void setup_sphere_hecke_funk(CLI::App& group, Registry& reg);
void setup_rank_count(CLI::App& group, Registry& reg);
void setup_rank_bound(CLI::App& group, Registry& reg);
void setup_rank_heads(CLI::App& group, Registry& reg);
void setup_rank_majority(CLI::App& group, Registry& reg);
void setup_rank_head_target(CLI::App& group, Registry& reg);
void setup_rank_u(CLI::App& group, Registry& reg);
void setup_rank_random_features(CLI::App& group, Registry& reg);
void setup_depth_bounds(CLI::App& group, Registry& reg);
void setup_depth_grid_rank(CLI::App& group, Registry& reg);
void setup_depth_fit(CLI::App& group, Registry& reg);
void setup_depth_transition(CLI::App& group, Registry& reg);
void setup_depth_optimal(CLI::App& group, Registry& reg);
void setup_sym_hstar(CLI::App& group, Registry& reg);
void setup_sym_bound(CLI::App& group, Registry& reg);
void setup_sym_gram(CLI::App& group, Registry& reg);
void setup_sym_eckart_young(CLI::App& group, Registry& reg);
void setup_comm_sizes(CLI::App& group, Registry& reg);
void setup_comm_models(CLI::App& group, Registry& reg);
void setup_comm_neighborly(CLI::App& group, Registry& reg);
void setup_comm_pair_matching(CLI::App& group, Registry& reg);
void setup_verify(CLI::App& root, Registry& reg);
/// A user quantity of a loaded catalogue (tools/user/quantity.cpp), under its namespace's group.
void setup_user_quantity(CLI::App& group, Registry& reg, const verify::QuantityDef& d);
void setup_table(CLI::App& root, Registry& reg);
/// `tex`: a paper's numbers as LaTeX macros, and the check of a paper (tools/tex/).
void setup_tex(CLI::App& root, Registry& reg);
/// The --help parts of `table` and `table merge` (tools/table/help.cpp).
void help_table(Registry& reg);

}  // namespace bc::cli
