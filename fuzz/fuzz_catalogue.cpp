// Fuzz target: the verify catalogue loader (TOML -> validated claims), and each loaded claim run
// with the work limits lowered (limits::set_test_scale) so that one input costs milliseconds.
// Clean refusals are DomainError / ResourceError / UsageError; anything else is a bug.
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "verify/catalogue.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  bc::limits::set_test_scale(1e-3);
  bc::limits::set_time_budget(bc::limits::default_seconds);
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto claims = bc::verify::load_catalogue({{"fuzz.toml", text}});
    for (const auto& c : claims) (void)bc::verify::run_claim(c);
  } catch (const bc::DomainError&) {
  } catch (const bc::ResourceError&) {
  } catch (const bc::UsageError&) {
  }
  return 0;
}
