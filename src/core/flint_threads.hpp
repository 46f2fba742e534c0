// Freeing FLINT/Arb's per-thread caches when a worker thread exits.
//
// FLINT keeps caches in thread-local storage (Arb's constants such as pi, fmpz's spare mpz
// blocks, MPFR's constant cache) that only flint_cleanup() on the owning thread frees, and it
// registers no thread-exit destructor. OpenMP creates and ends threads behind our back (a nested
// team's threads end with the team), so those caches leaked: LeakSanitizer and valgrind reported
// them after every parallel sweep. free_flint_caches_at_thread_exit() routes FLINT's allocator
// through a wrapper that, on a thread's first allocation, registers a C++ thread_local whose
// destructor calls flint_cleanup() when that thread exits. The installing (main) thread is left
// out: it calls flint_cleanup_master() itself before exit.
// Cost: one thread-local flag test per FLINT allocation.
#pragma once

namespace bc {

/// Call once, first thing in main() (before any FLINT allocation); later calls do nothing.
void free_flint_caches_at_thread_exit();

// Do not keep FLINT objects in a thread_local: OpenMP's pool threads never exit, so such objects
// outlive every cleanup (FLINT's tagged pointers then look lost to valgrind), and on exiting
// threads they would refill the freed caches.

}  // namespace bc
