// Fuzz target: the boundary parsers of tools/parse.hpp and src/core/decimal.hpp. The first byte
// chooses the parser, the rest is the option's text. A parser may throw UsageError (a clean
// refusal); anything else (a crash, a sanitizer report, another exception) is a bug.
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "parse.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 6) {
      case 0:
        (void)bc::cli::parse_uint("--d", text, 2);
        break;
      case 1:
        (void)bc::cli::parse_uint_list("--d", text, 1, bc::cli::max_index, 100000);
        break;
      case 2: {
        auto q = bc::parse_exact_rational(text);
        if (q) {
          bc::Arb x;
          bc::arb_set_exact(x.x, *q, 64);
        }
        (void)bc::cli::parse_rational("--t", text);
        break;
      }
      case 3: {
        bc::Fmpq c;
        bool times_pi = false;
        bc::cli::parse_angle("--theta", text, c, times_pi);
        break;
      }
      case 4:
        (void)bc::cli::parse_bigint("--H", text, 1);
        break;
      default:
        (void)bc::cli::parse_choice("--norm", text, {"standard", "unit", "orthonormal"});
        break;
    }
  } catch (const bc::UsageError&) {
  }
  return 0;
}
