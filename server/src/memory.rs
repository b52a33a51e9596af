//! Handing the memory the server freed back to the system once it falls idle (issue 42).
//!
//! mimalloc, the allocator `main.rs` installs, keeps the pages freed by a burst of work
//! to reuse them, and returns them to the system ("purges") only on a later call into
//! the allocator. A server that goes quiet after a long session of edits would keep its
//! peak resident for good: the soak run ended at 1.67× a fresh server's RSS with a live
//! heap of 1.035×. A forced collection when the analysis thread goes idle, and when a
//! blocking thread ends, purges those pages.

/// Returns this thread's free pages and every purge the allocator has delayed to the
/// system. Costs a walk of the thread's heap: call it when idle, not per request.
pub fn release_freed() {
    #[expect(unsafe_code, reason = "one foreign call into the allocator")]
    // SAFETY: `mi_collect` has no precondition: it may be called on any thread at any
    // time, whichever allocator is global (it then only sees its own, empty, heaps).
    unsafe {
        libmimalloc_sys::mi_collect(true);
    }
}
