// --output FILE is atomic (PRODUCT.md) where that is safe: for a regular file or a new path the
// text is written to a temporary file in FILE's directory, flushed to disk, and renamed over FILE
// only on success. If the process is interrupted (SIGINT, SIGTERM, SIGHUP) while the temporary
// exists, the handler removes it, so a failed or interrupted run never leaves a partial file.
// A run killed outright (SIGKILL, a crash, a lost node) cannot remove it: the temporary is named
// FILE.tmp.HOST.PID.XXXXXX, and the next writer of FILE removes those of this host whose process is
// gone (kill(PID, 0) fails with ESRCH, or it is a zombie) and that belong to this user; a live process's
// temporary, one of another host (a shared file system) or of another user is never touched.
//
// A rename replaces whatever the name pointed to, so it is never used on anything else:
//  - character/block devices, FIFOs, sockets and /dev/stdout, /dev/stderr, /dev/fd/N are written
//    straight through (open O_WRONLY, no O_CREAT): `--output /dev/null` run as root must leave
//    the device in place;
//  - a symlink is resolved and the file it points to is replaced (or written through, by the
//    rules above), so the link survives;
//  - a directory is refused.
#pragma once

#include <memory>
#include <string>

namespace bc::out {

/// A regular file (or new path) written atomically in pieces, for output too large to hold in
/// memory: the text goes to a temporary beside the target as it comes, and commit() flushes it
/// and renames it over the target. Destroyed (or interrupted by a signal) before commit(), the
/// temporary is removed. Throws as write_atomic does; refuses (UsageError) a target that
/// write_atomic would write straight through (a device, a FIFO, /dev/std*): callers stream only
/// where a failed run leaves nothing behind. One live writer per process.
class AtomicWriter {
 public:
  explicit AtomicWriter(const std::string& path);
  AtomicWriter(const AtomicWriter&) = delete;
  AtomicWriter& operator=(const AtomicWriter&) = delete;
  ~AtomicWriter();
  void write(const std::string& text);
  void commit();

 private:
  struct Signals;
  std::string shown_, target_;
  int fd_ = -1;
  unsigned mode_ = 0644;
  std::unique_ptr<Signals> signals_;
};

/// Writes `text` to `path` by the rules above. Throws UsageError for an empty path or a
/// directory, ResourceError naming the path and errno text otherwise.
void write_atomic(const std::string& path, const std::string& text);

/// The path `write_atomic` writes to: `path` itself, or the file a symlink chain ends at.
std::string resolve_output_target(const std::string& path);

/// Removes the temporaries of `target` (FILE.tmp.HOST.PID.XXXXXX beside it) left by dead processes
/// of this host and this user, as above; returns how many. Never throws (a directory it cannot read
/// is left alone).
size_t remove_stale_temporaries(const std::string& target);

/// True when `path` must be written straight through rather than renamed over: an existing
/// non-regular, non-directory node (device, FIFO, socket) or a /dev/std* or /dev/fd/* name.
bool is_write_through(const std::string& path);

}  // namespace bc::out
