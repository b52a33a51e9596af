//! Running background work at the lowest CPU priority, so that it takes only the time the
//! analysis leaves (issue 44: loading every upstream dialect must not slow an open).
//!
//! On a 2-core machine the ODS load (0.2 s from the cache, seconds cold) and the first
//! analysis of a document opened at start both want both cores: the open took 360 ms
//! instead of 260 with the load beside it. At nice 19 the load gets about 1.5 % of a core
//! the analysis wants, and every cycle it leaves idle.

/// Lowers the calling thread (and the threads it starts later, which inherit it) to the
/// lowest priority. Linux keeps a nice value per thread; elsewhere this does nothing.
pub fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    linux::lower_this_thread();
}

#[cfg(target_os = "linux")]
mod linux {
    /// The lowest priority a thread may give itself without privileges.
    const LOWEST: libc::c_int = 19;

    pub(super) fn lower_this_thread() {
        #[expect(unsafe_code, reason = "one foreign call into the kernel")]
        // SAFETY: `gettid` and `setpriority` read and write no memory of ours; a failure
        // (which lowering one's own priority cannot meet) only leaves the priority as it was.
        let _ = unsafe {
            let thread = libc::gettid() as libc::id_t;
            libc::setpriority(libc::PRIO_PROCESS, thread, LOWEST)
        };
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// The nice value of the calling thread, field 19 of its `stat` (after the command
    /// name, which is in parentheses and may hold spaces).
    fn nice_of_this_thread() -> i32 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        let after_name = &stat[stat.rfind(')').unwrap() + 2..];
        after_name.split(' ').nth(16).unwrap().parse().unwrap()
    }

    #[test]
    fn the_thread_and_the_threads_it_starts_run_at_the_lowest_priority() {
        let (own, started) = std::thread::spawn(|| {
            super::lower_this_thread();
            let started = std::thread::spawn(nice_of_this_thread).join().unwrap();
            (nice_of_this_thread(), started)
        })
        .join()
        .unwrap();
        assert_eq!((own, started), (19, 19));
    }
}
