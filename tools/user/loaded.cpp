// The process's loaded user quantities (see tools/user/loaded.hpp).
// Cost: loading is reading and checking the catalogue (O(size)); the set is copied under a lock.
#include "user/loaded.hpp"

#include "verify/quantities.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>

namespace bc::cli::user {

namespace {

std::mutex g_mutex;
std::vector<verify::QuantityDef> g_defs;
unsigned g_generation = 0;

bool same(const verify::QuantityDef& a, const verify::QuantityDef& b) {
  if (a.name != b.name || a.expr != b.expr || a.params.size() != b.params.size() ||
      a.columns.size() != b.columns.size())
    return false;
  for (size_t i = 0; i < a.params.size(); ++i)
    if (a.params[i].name != b.params[i].name || a.params[i].domain.text != b.params[i].domain.text ||
        a.params[i].default_value != b.params[i].default_value)
      return false;
  for (size_t i = 0; i < a.columns.size(); ++i)
    if (a.columns[i].name != b.columns[i].name || a.columns[i].expr != b.columns[i].expr) return false;
  return true;
}

// Adds the definitions not loaded yet; returns the names added (to remove on a failed check).
std::vector<std::string> add(const std::vector<verify::QuantityDef>& defs) {
  std::lock_guard lock(g_mutex);
  std::vector<std::string> added;
  for (const auto& d : defs) {
    auto it = std::find_if(g_defs.begin(), g_defs.end(), [&](auto& x) { return x.name == d.name; });
    if (it == g_defs.end()) {
      g_defs.push_back(d);
      added.push_back(d.name);
    } else if (!same(*it, d)) {
      for (const auto& name : added)
        g_defs.erase(std::find_if(g_defs.begin(), g_defs.end(), [&](auto& x) { return x.name == name; }));
      throw UsageError(fmt::format("{}: quantity \"{}\" is already defined differently, at {}", d.at.str(),
                                   d.name, it->at.str()));
    }
  }
  if (!added.empty()) ++g_generation;
  return added;
}

void remove(const std::vector<std::string>& names) {
  std::lock_guard lock(g_mutex);
  for (const auto& name : names)
    g_defs.erase(std::remove_if(g_defs.begin(), g_defs.end(), [&](auto& x) { return x.name == name; }),
                 g_defs.end());
  if (!names.empty()) ++g_generation;
}

}  // namespace

std::vector<verify::QuantityDef> quantities() {
  std::lock_guard lock(g_mutex);
  return g_defs;
}

unsigned generation() {
  std::lock_guard lock(g_mutex);
  return g_generation;
}

namespace {

// Registers cat's quantities, then checks cat against the registry that holds them.
verify::Catalogue check_and_keep(verify::Catalogue cat) {
  const std::vector<std::string> added = add(cat.quantities);
  try {
    TableCache cache;
    CommandQuantities cq(cache, true);  // built now: it declares the quantities just added
    verify::check_catalogue(cat, cq.quantities());
  } catch (...) {
    remove(added);
    throw;
  }
  return cat;
}

}  // namespace

verify::Catalogue load_files(const std::vector<verify::CatalogueFile>& files) {
  return check_and_keep(verify::read_catalogue(files));
}

verify::Catalogue load_dir(const std::string& dir) {
  verify::Catalogue cat = verify::read_catalogue(verify::read_catalogue_dir(dir));
  for (auto& q : cat.quantities) q.catalogue = dir;
  return check_and_keep(std::move(cat));
}

std::optional<std::string> catalogue_argument(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--catalogue" && i + 1 < args.size()) return args[i + 1];
    if (args[i].rfind("--catalogue=", 0) == 0) return args[i].substr(12);
  }
  return std::nullopt;
}

}  // namespace bc::cli::user
