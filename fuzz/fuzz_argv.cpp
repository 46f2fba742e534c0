// Fuzz target: fuzzed argv through the one command tree (the Invoker, in-process), with every work
// limit lowered a thousandfold (limits::set_test_scale) so that any accepted command costs
// milliseconds. The input is split into words at '\n'. `table` and `verify` are left to their own
// fuzzers (they read files and run catalogues); options that write files are dropped. The clean
// outcomes are a result or UsageError / DomainError / ResourceError / bad_alloc; anything else
// (a crash, a sanitizer report, std::logic_error such as "format_real: ball too wide") is a bug.
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* inv = new bc::cli::Invoker();  // one parsed tree, reused (as `table` does)
  bc::limits::set_test_scale(1e-3);
  bc::limits::set_time_budget(bc::limits::default_seconds);
  std::vector<std::string> args;
  std::string cur;
  for (size_t i = 0; i < size && args.size() < 32; ++i) {
    if (data[i] == '\n') {
      args.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(data[i]);
    }
  }
  args.push_back(cur);
  for (const auto& a : args)
    if (a == "table" || a == "verify" || a.rfind("--output", 0) == 0 || a.rfind("--plot", 0) == 0 ||
        a.rfind("--threads", 0) == 0 || a.rfind("--max-seconds", 0) == 0)
      return 0;
  args.push_back("--threads");
  args.push_back("1");
  try {
    bc::cli::Context ctx;
    auto r = inv->run(args, &ctx);
    if (r.raw.empty())
      (void)bc::out::render(r.table, bc::out::Meta{ctx.digits, ctx.threads, ctx.certified}, ctx.format);
  } catch (const bc::UsageError&) {
  } catch (const bc::DomainError&) {
  } catch (const bc::ResourceError&) {
  } catch (const std::bad_alloc&) {
  }
  return 0;
}
