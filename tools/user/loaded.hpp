// The user quantities this process has loaded ([[quantity]] entries of a catalogue directory:
// `--catalogue DIR` on the command line, `boundcheck.load(DIR)` in Python). They join the one
// command registry: every Invoker built after a load declares each as a command of its namespace
// (build_app), so that `verify --expr`, catalogue claims, `table` specs, `tex`, Python, `help` and
// the command line reach them as they reach a built-in command.
#pragma once

#include "verify/catalogue.hpp"

#include <optional>
#include <string>
#include <vector>

namespace bc::cli::user {

/// The loaded definitions, in load order (a copy: loads may happen on other threads).
std::vector<verify::QuantityDef> quantities();

/// Changes whenever the loaded set changes: an Invoker built before (Python's workers) is stale.
unsigned generation();

/// Reads the catalogue in `dir` strictly (verify::read_catalogue), registers its quantities, then
/// checks everything that needs the registry (verify::check_catalogue); on a problem the
/// quantities are unregistered again and InputErrors (exit 2) is thrown. Loading the same
/// definitions again changes nothing; a name already loaded with another definition is a usage
/// error naming both places. Returns the catalogue (claims, quantities, values).
verify::Catalogue load_dir(const std::string& dir);

/// load_dir over files already read (the embedded catalogue, tests).
verify::Catalogue load_files(const std::vector<verify::CatalogueFile>& files);

/// The value of `--catalogue DIR` (or `--catalogue=DIR`) in a command line, if any.
std::optional<std::string> catalogue_argument(const std::vector<std::string>& args);

}  // namespace bc::cli::user
