// Deterministic random streams for Monte Carlo and random weights: splitmix64 (Steele, Lea,
// Flood 2014), one stream per seed, so results depend on the seed only, never on threads or on
// the platform's <random> distributions.
#pragma once

#include <cstdint>

namespace bc {

/// Advances x and returns the next 64 random bits.
inline std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace bc
