// See flint_threads.hpp.
#include "core/flint_threads.hpp"

#include <flint/flint.h>

#include <atomic>
#include <cstddef>
#include <thread>

namespace bc {
namespace {

using Alloc = void* (*)(size_t);
using Calloc = void* (*)(size_t, size_t);
using Realloc = void* (*)(void*, size_t);
using Free = void (*)(void*);

Alloc next_alloc = nullptr;
Calloc next_calloc = nullptr;
Realloc next_realloc = nullptr;
Free next_free = nullptr;
std::thread::id installer;

struct ThreadCaches {
  ThreadCaches() = default;
  ThreadCaches(const ThreadCaches&) = delete;
  ThreadCaches& operator=(const ThreadCaches&) = delete;
  ~ThreadCaches() { flint_cleanup(); }  // runs when the thread exits, before its TLS is gone
};

void note_thread() {
  thread_local bool seen = false;
  if (seen) return;
  seen = true;  // first: flint_cleanup() below allocates and frees through these hooks again
  if (std::this_thread::get_id() == installer) return;
  thread_local ThreadCaches caches;
  (void)caches;
}

void* hook_alloc(size_t n) {
  note_thread();
  return next_alloc(n);
}
void* hook_calloc(size_t n, size_t size) {
  note_thread();
  return next_calloc(n, size);
}
void* hook_realloc(void* p, size_t n) {
  note_thread();
  return next_realloc(p, n);
}
void hook_free(void* p) { next_free(p); }

}  // namespace

void free_flint_caches_at_thread_exit() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  installer = std::this_thread::get_id();
  __flint_get_memory_functions(&next_alloc, &next_calloc, &next_realloc, &next_free);
  __flint_set_memory_functions(hook_alloc, hook_calloc, hook_realloc, hook_free);
}

}  // namespace bc
