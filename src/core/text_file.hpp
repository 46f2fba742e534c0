// Reading a text file somebody else wrote (a spec, a catalogue, a spectrum, a shard file): at
// most a stated number of bytes, no NUL bytes, no line longer than a stated length. `/dev/zero`,
// a FIFO that never ends or a multi-gigabyte file is refused after reading at most max_bytes + 1
// bytes, so no reader grows without bound (issue 20 §4).
#pragma once

#include <cstddef>
#include <string>

namespace bc {

struct TextLimits {
  size_t max_bytes = size_t(1) << 20;
  size_t max_line = size_t(1) << 16;
};

/// The file's text. Throws UsageError("<what>: ...") naming the path when it cannot be read, is
/// a directory, larger than max_bytes, holds a NUL byte, or has a line longer than max_line.
std::string read_text_file(const std::string& path, const TextLimits& lim, const std::string& what);

}  // namespace bc
