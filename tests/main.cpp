// doctest entry point shared by the unit and CLI test executables.
// Randomised tests print their seed and accept BOUNDCHECK_SEED (tests/unit/support.hpp).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
