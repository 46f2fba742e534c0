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

std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

int fail(int code, const std::string& msg) {
  std::fprintf(stderr, "error: %s\n", one_line(msg).c_str());
  return code;
}

int run(int argc, char** argv) {
  using namespace bc::cli;
  CLI::App app{"boundcheck " BOUNDCHECK_VERSION
               " — exact and certified numbers for the expressivity theorems of self-attention.\n"
               "Jobs: evaluate a quantity (boundcheck <group> <quantity> ...), and verify every\n"
               "published constant in the catalogue (boundcheck verify).",
               "boundcheck"};
  app.set_version_flag("--version", BOUNDCHECK_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Run 'boundcheck <group> --help' or 'boundcheck <group> <quantity> --help' for details.\n"
      "Exit codes: 0 ok, 1 domain/resource refusal, 2 usage error (one line on stderr).");
  GlobalOptions globals;
  add_global_options(app, globals);
  Registry reg(globals);

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
  CLI::App* comm = app.add_subcommand(
      "comm", "Communication bounds (talk-H): size requirements, neighborly witnesses, Pair Matching");
  comm->require_subcommand(1);
  setup_comm_sizes(*comm, reg);
  setup_comm_models(*comm, reg);
  setup_comm_neighborly(*comm, reg);
  setup_comm_pair_matching(*comm, reg);
  setup_verify(app, reg);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version: stdout, exit 0
    return fail(2, e.what());
  }
  const Context ctx = make_context(globals);
#ifdef BOUNDCHECK_HAVE_OPENMP
  omp_set_num_threads(ctx.threads);
#endif
  for (const auto& c : reg.commands())
    if (c.app->parsed()) {
      RunResult r = c.run(ctx);
      emit(r.table, ctx);
      return r.exit_code;
    }
  return fail(2, "no command given (see boundcheck --help)");
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
