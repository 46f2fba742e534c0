// Fuzz target: the table spec parser (tools/table_spec.hpp parse_spec). UsageError is the clean
// refusal (it names the file, line and field); anything else is a bug.
#include "core/errors.hpp"
#include "table_spec.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)bc::cli::table::parse_spec(text, "fuzz.toml");
  } catch (const bc::UsageError&) {
  } catch (const bc::DomainError&) {
  }
  return 0;
}
