// --output FILE is atomic (PRODUCT.md): the text is written to a temporary file in FILE's
// directory, flushed to disk, and renamed over FILE only on success. If the process is
// interrupted (SIGINT, SIGTERM, SIGHUP) while the temporary exists, the handler removes it, so a
// failed or interrupted run never leaves a partial file behind.
#pragma once

#include <string>

namespace bc::out {

/// Writes `text` to `path` atomically. Throws ResourceError naming the path and errno text.
void write_atomic(const std::string& path, const std::string& text);

}  // namespace bc::out
