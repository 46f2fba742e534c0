// Shared CLI machinery: global options, the parsed context, the command registry and output.
//
// Each subcommand lives in its own file (CLI11 examples/subcom_in_files) with an options struct,
// a setup_ function that declares the options on its CLI::App, and a run_ function that turns
// validated options into an out::Table. Library code never prints; this layer does.
#pragma once

#include "output/table.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bc::cli {

/// Options every command accepts (declared on the root and on every leaf command).
struct GlobalOptions {
  std::string format = "table";
  std::string digits = "30";
  std::string threads;  // empty: all hardware threads
  std::string output;
  bool certified = false;
};

/// Validated global options.
struct Context {
  out::Format format = out::Format::table;
  long digits = 30;
  int threads = 1;
  bool certified = false;
  std::string output;
};

/// Throws UsageError on any bad global option.
Context make_context(const GlobalOptions& g);

/// What a command produces: its table and its exit code (0, or 1 when a check it ran fails,
/// as `verify` does when a claim does not hold).
struct RunResult {
  out::Table table;
  int exit_code = 0;
};

using Runner = std::function<RunResult(const Context&)>;

/// The leaf commands, in declaration order; main() runs the one that was parsed.
struct Command {
  CLI::App* app = nullptr;
  Runner run;
};

class Registry {
 public:
  explicit Registry(GlobalOptions& g) : globals_(g) {}
  /// Declares a leaf command under `parent` with the global options attached.
  CLI::App* add(CLI::App& parent, const std::string& name, const std::string& description);
  void set_runner(CLI::App* app, Runner run);
  [[nodiscard]] const std::vector<Command>& commands() const { return commands_; }

 private:
  GlobalOptions& globals_;
  std::vector<Command> commands_;
};

/// Declares --format, --digits, --threads, --output, --certified on `app`.
void add_global_options(CLI::App& app, GlobalOptions& g);

/// Renders and writes the table (stdout or atomically to --output); notes go to stderr except
/// in JSON, where they travel in meta.notes.
void emit(const out::Table& t, const Context& ctx);

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
void setup_comm_sizes(CLI::App& group, Registry& reg);
void setup_comm_models(CLI::App& group, Registry& reg);
void setup_comm_neighborly(CLI::App& group, Registry& reg);
void setup_comm_pair_matching(CLI::App& group, Registry& reg);
void setup_verify(CLI::App& root, Registry& reg);

}  // namespace bc::cli
