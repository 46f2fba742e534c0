// Quantities in expressions, run as commands of the one registry: `rank.heads(d=64, r=8, eps=1/10)`
// is `rank heads --d 64 --r 8 --eps 1/10 --digits D` through an in-process Invoker, and the
// result cell is read back as an exact rational, a closed form or a ball (output/cell_value.hpp).
// verify (claims, --expr), the user quantities (tools/user/) and `tex` receive this as a
// verify::Quantities.
// Column rule: `.name` reads the column `name`; without it, the command's designated primary
// column (rank heads: h_min, ...) or else the first numeric column that does not echo one of the
// command's options. A result with several rows is an error (give options that select one row).
#pragma once

#include "cli.hpp"
#include "verify/catalogue.hpp"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace bc::cli {

/// The finished command tables, shared by the threads that run claims (one CommandQuantities
/// each): a quantity two claims use is computed once. Two threads may both compute a key that is
/// not yet there (the commands are deterministic: either table is the same); the first one kept.
class TableCache {
 public:
  const out::Table* find(const std::string& key);
  const out::Table& insert(const std::string& key, out::Table t);

 private:
  std::mutex m_;
  std::map<std::string, out::Table> map_;
};

class CommandQuantities {
 public:
  /// from_file: the expressions come from a catalogue (untrusted), not from --expr typed by the
  /// user: a file a quantity reads (--spectrum) must then stay inside the working directory.
  CommandQuantities(TableCache& cache, bool from_file) : cache_(cache), from_file_(from_file) {}
  verify::Quantities quantities();
  /// The command a call names, with its options checked (UsageError naming the call otherwise).
  struct Found {
    const Command* cmd;
    std::vector<std::string> words, options;
  };
  Found lookup(const expr::QuantityCall& c);
  /// The argv of a call (without --digits).
  static std::vector<std::string> argv(const Found& f, const expr::QuantityCall& c);
  Invoker& invoker() { return inv_; }

 private:
  Invoker inv_;
  TableCache& cache_;
  bool from_file_;

  const out::Table& run_cached(const std::vector<std::string>& args, const expr::QuantityCall& c);
  const out::Table* exact_table(const Found& f, const expr::QuantityCall& c, std::vector<std::string> args);
  void resolve(expr::Quantity& out, const expr::QuantityCall& c, long digits, slong prec);
  bool read_cell(expr::Quantity& out, const out::Table& t, const Found& f, const expr::QuantityCall& c,
                 slong prec, bool exact_only);
};

/// "sphere sign-coef" -> "sphere.sign_coef": a command's name in expressions.
std::string quantity_name(const std::string& path);

}  // namespace bc::cli
