// Views of the one command registry for tools outside the program (issue 26): the registry as JSON
// (`boundcheck help --format json`, read by the documentation generators in docs/gen/: reference
// pages, the man page), shell completion scripts (`boundcheck --completion bash|zsh`) and the
// one-line listing of a group's commands (`boundcheck rank`). Each walks the CLI11 tree that
// build_app declared; none holds a second copy of an option, a description or a help text.
#pragma once

#include "cli.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace bc::cli {

/// Options a reader of one command sees: neither --help nor --version (every level has them), nor,
/// unless with_globals, the global options of a leaf (listed once, under the root).
bool own_option(const CLI::App& app, const CLI::Option* o, bool with_globals);

/// One option as the registry describes it: name, names, type, choices, flag, required,
/// positional, multiple, reads_file, description (the JSON of `help --format json`, and the
/// fields the Python module's commands() takes).
nlohmann::ordered_json option_json(const CLI::Option* o);

/// The whole registry: the root's description and options, the global options, the groups, and per
/// command its path, description, help parts (formula, source, cost, details, examples with the
/// output they show), what --double-check recomputes, its list options and its options (names,
/// type, choices, required, flag, description).
nlohmann::ordered_json registry_json(CLI::App& root, const Registry& reg);

/// `boundcheck help ...` (a `--catalogue DIR` in it is skipped: its quantities are loaded by then and
/// listed as commands): with `--format json` (alone), prints registry_json and returns nullopt;
/// with command words (`help rank bound`), returns the argv of `rank bound --help`. Anything else is
/// a usage error (UsageError).
std::optional<std::vector<std::string>> help_request(const std::vector<std::string>& args);

/// A completion script for `shell` ("bash" or "zsh"; UsageError otherwise) generated from the tree
/// under `root`: groups, commands, options, and the values of options typed as choices (a|b|c).
std::string completion_script(CLI::App& root, const std::string& shell);

/// The commands under a group (or the root), one line each: what `boundcheck rank` prints.
std::string command_listing(CLI::App& group, const std::string& path);

/// Text a request prints instead of running a command (--version, --completion, a group named
/// without a command): thrown as CLI11's CallForVersion, which main() prints to stdout with exit 0
/// and the other front ends refuse as they refuse --help.
[[noreturn]] void print_text(std::string text);

}  // namespace bc::cli
