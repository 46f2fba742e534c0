// A progress line on stderr, only when stderr is a terminal and the work has run for more than a
// second: "table: 1200/5000 points  240/s  ETA 16 s". Safe to update from one thread at a time;
// workers count with an atomic and the first thread calls update().
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace bc::cli {

class Progress {
 public:
  Progress(std::string what, size_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  /// Redraws at most five times a second.
  void update(size_t done);

 private:
  std::string what_;
  size_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace bc::cli
