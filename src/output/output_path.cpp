// Cost: a few stat calls per path.
#include "output/output_path.hpp"

#include "core/errors.hpp"
#include "output/atomic_file.hpp"

#include <fmt/format.h>

#include <sys/stat.h>
#include <filesystem>

namespace bc::out {

namespace fs = std::filesystem;

namespace {

/// True when `path` is the file `input` (through any symlinks), or lies inside `input` when that
/// is a directory (a catalogue).
bool overwrites_input(const std::string& path, const std::string& input) {
  struct stat sa {
  }, sb{};
  if (stat(input.c_str(), &sb) != 0) return false;
  if (S_ISDIR(sb.st_mode)) {
    std::error_code ec;
    const fs::path dir = fs::weakly_canonical(input, ec);
    const fs::path full = fs::weakly_canonical(resolve_output_target(path), ec);
    if (ec) return false;
    const std::string d = dir.string(), f = full.string();
    return f.size() > d.size() && f.compare(0, d.size(), d) == 0 && (d.back() == '/' || f[d.size()] == '/');
  }
  return stat(path.c_str(), &sa) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/// True when `p`, with `..` and every symlink resolved, lies inside the working directory.
bool inside_working_directory(const std::string& p) {
  std::error_code ec;
  const fs::path cwd = fs::weakly_canonical(fs::current_path(ec), ec);
  if (ec) return false;
  const fs::path full = fs::weakly_canonical(cwd / resolve_output_target(p), ec);
  if (ec) return false;
  auto c = cwd.begin();
  auto f = full.begin();
  for (; c != cwd.end(); ++c, ++f)
    if (f == full.end() || *c != *f) return false;
  return f != full.end();  // the working directory itself is not a file name
}

}  // namespace

void check_output_path(const std::string& path, PathOrigin origin, const std::vector<std::string>& inputs,
                       const std::string& what) {
  if (path.empty()) throw UsageError(fmt::format("{} must be a file name, got \"\"", what));
  for (char c : path)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw UsageError(fmt::format("{}: the path holds a control character; refusing to write it", what));
  for (const auto& in : inputs)
    if (overwrites_input(path, in))
      throw UsageError(fmt::format("{}: \"{}\" is {}, which this run reads; refusing to overwrite it", what,
                                   path, in == path ? "an input" : fmt::format("the input \"{}\"", in)));
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw UsageError(fmt::format("{}: \"{}\" is a directory; give a file name", what, path));
  if (origin == PathOrigin::file && (fs::path(path).is_absolute() || !inside_working_directory(path)))
    throw UsageError(fmt::format(
        "{}: \"{}\" leads outside the working directory; a file may only name paths inside it (give the "
        "path on the command line with --output to write elsewhere)",
        what, path));
}

void check_input_path_from_file(const std::string& path, const std::string& what) {
  if (path.empty()) throw UsageError(fmt::format("{} must be a file name, got \"\"", what));
  for (char c : path)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw UsageError(fmt::format("{}: the path holds a control character", what));
  if (fs::path(path).is_absolute() || !inside_working_directory(path))
    throw UsageError(fmt::format(
        "{}: \"{}\" leads outside the working directory; a file may only name files inside it to read (give "
        "the path on the command line to read elsewhere)",
        what, path));
}

}  // namespace bc::out
