// doctest entry point shared by the unit and CLI test executables.
// Randomised tests print their seed and accept BOUNDCHECK_SEED (tests/unit/support.hpp).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "core/flint_threads.hpp"

#include <flint/flint.h>

int main(int argc, char** argv) {
  bc::free_flint_caches_at_thread_exit();  // as the CLI does: OpenMP workers free FLINT's caches
  doctest::Context context(argc, argv);
  const int rc = context.run();
  flint_cleanup_master();
  return rc;
}
