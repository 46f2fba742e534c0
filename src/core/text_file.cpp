// Cost: one pass over at most max_bytes + 1 bytes.
#include "core/text_file.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

namespace bc {

namespace {
std::string human(size_t bytes) {
  if (bytes >= (size_t(1) << 20) && bytes % (size_t(1) << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} bytes", bytes);
}
}  // namespace

std::string read_text_file(const std::string& path, const TextLimits& lim, const std::string& what) {
  std::error_code ec;  // an ifstream opens a directory and reads it as empty (issue 38 §4)
  if (std::filesystem::is_directory(path, ec))
    throw UsageError(fmt::format("{}: \"{}\" is a directory", what, path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("{}: cannot read \"{}\"", what, path));
  std::string text;
  std::vector<char> buf(size_t(1) << 16);
  while (in.read(buf.data(), static_cast<std::streamsize>(buf.size())) || in.gcount() > 0) {
    const size_t n = static_cast<size_t>(in.gcount());
    if (std::memchr(buf.data(), '\0', n) != nullptr)  // /dev/zero, a binary: refused at once
      throw UsageError(fmt::format("{}: \"{}\" is not a text file (it contains NUL bytes)", what, path));
    text.append(buf.data(), n);
    if (text.size() > lim.max_bytes)
      throw UsageError(fmt::format("{}: \"{}\" is larger than {}", what, path, human(lim.max_bytes)));
  }
  if (in.bad()) throw UsageError(fmt::format("{}: cannot read \"{}\"", what, path));
  size_t line = 1, start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '\n') continue;
    if (i - start > lim.max_line)
      throw UsageError(
          fmt::format("{}: line {} of \"{}\" is longer than {} characters", what, line, path, lim.max_line));
    ++line;
    start = i + 1;
  }
  return text;
}

}  // namespace bc
