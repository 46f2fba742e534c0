// boundcheck: evaluate, tabulate and verify the numbers behind four self-attention papers.
// main() owns the exit codes: 0 success, 1 domain or resource refusal, 2 usage error.
#include "cli.hpp"
#include "core/errors.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <new>
#include <string>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif

namespace {

int fail(int code, const std::string& msg) {
  std::fprintf(stderr, "error: %s\n", bc::cli::one_line(msg).c_str());
  return code;
}

int run(int argc, char** argv) {
  using namespace bc::cli;
  Invoker inv;
  const Command* cmd = nullptr;
  try {
    cmd = &inv.parse(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return inv.app().exit(e);  // --help, --version: stdout, exit 0
    return fail(2, e.what());
  }
  const Context ctx = inv.context();
#ifdef BOUNDCHECK_HAVE_OPENMP
  omp_set_num_threads(ctx.threads);
#endif
  RunResult r = inv.execute(*cmd, ctx);
  emit(r, ctx);
  return r.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const bc::UsageError& e) {
    return fail(2, e.what());
  } catch (const bc::DomainError& e) {
    return fail(1, e.what());
  } catch (const bc::ResourceError& e) {
    return fail(1, e.what());
  } catch (const std::bad_alloc&) {
    return fail(1, "out of memory");
  } catch (const std::exception& e) {
    return fail(1, std::string("internal error: ") + e.what());
  }
}
