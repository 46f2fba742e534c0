// --output FILE is atomic (PRODUCT.md) where that is safe: for a regular file or a new path the
// text is written to a temporary file in FILE's directory, flushed to disk, and renamed over FILE
// only on success. If the process is interrupted (SIGINT, SIGTERM, SIGHUP) while the temporary
// exists, the handler removes it, so a failed or interrupted run never leaves a partial file.
//
// A rename replaces whatever the name pointed to, so it is never used on anything else:
//  - character/block devices, FIFOs, sockets and /dev/stdout, /dev/stderr, /dev/fd/N are written
//    straight through (open O_WRONLY, no O_CREAT): `--output /dev/null` run as root must leave
//    the device in place;
//  - a symlink is resolved and the file it points to is replaced (or written through, by the
//    rules above), so the link survives;
//  - a directory is refused.
#pragma once

#include <string>

namespace bc::out {

/// Writes `text` to `path` by the rules above. Throws UsageError for an empty path or a
/// directory, ResourceError naming the path and errno text otherwise.
void write_atomic(const std::string& path, const std::string& text);

/// The path `write_atomic` writes to: `path` itself, or the file a symlink chain ends at.
std::string resolve_output_target(const std::string& path);

/// True when `path` must be written straight through rather than renamed over: an existing
/// non-regular, non-directory node (device, FIFO, socket) or a /dev/std* or /dev/fd/* name.
bool is_write_through(const std::string& path);

}  // namespace bc::out
