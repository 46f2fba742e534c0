#include "progress.hpp"

#include <fmt/format.h>

#include <unistd.h>
#include <cstdio>

namespace bc::cli {

Progress::Progress(std::string what, size_t total)
    : what_(std::move(what)),
      total_(total),
      enabled_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

Progress::~Progress() {
  if (drawn_) std::fprintf(stderr, "\r%*s\r", 78, "");
}

void Progress::update(size_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (elapsed < 1.0 || std::chrono::duration<double>(now - last_).count() < 0.2) return;
  last_ = now;
  const double rate = static_cast<double>(done) / elapsed;
  std::string eta =
      rate > 0 ? fmt::format("ETA {:.0f} s", static_cast<double>(total_ - done) / rate) : "ETA ?";
  std::string line =
      fmt::format("{}: {}/{} ({:.0f}%)  {:.3g}/s  {}", what_, done, total_,
                  100.0 * static_cast<double>(done) / static_cast<double>(total_ ? total_ : 1), rate, eta);
  std::fprintf(stderr, "\r%-78.78s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace bc::cli
