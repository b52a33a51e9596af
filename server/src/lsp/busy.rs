//! Whether the analysis thread has work in hand, so that background loads can wait for
//! it to finish: a document opened at start is analysed before the ODS dialects are
//! loaded beside it, and its first diagnostics come as fast as with no dialect to load
//! (issue 44: on 2 cores the two slowed each other, the open by 100 ms).

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Set by the analysis thread from the first event of a burst until its diagnostics are
/// handed on; read by the threads that would compete with it.
#[derive(Default)]
pub struct AnalysisBusy {
    busy: Mutex<bool>,
    idle: Condvar,
}

impl AnalysisBusy {
    pub fn set(&self, busy: bool) {
        *self.busy.lock().unwrap_or_else(|p| p.into_inner()) = busy;
        if !busy {
            self.idle.notify_all();
        }
    }

    /// Waits until the analysis thread is idle, or `longest` has passed (a session that
    /// is never idle for long must still get its dialects). Returns whether it was idle.
    pub fn wait_idle(&self, longest: Duration) -> bool {
        let end = Instant::now() + longest;
        let mut busy = self.busy.lock().unwrap_or_else(|p| p.into_inner());
        while *busy {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            busy = match self.idle.wait_timeout(busy, left) {
                Ok((guard, _)) => guard,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn an_idle_analysis_is_not_waited_for() {
        let busy = AnalysisBusy::default();
        let started = Instant::now();
        assert!(busy.wait_idle(Duration::from_secs(10)));
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_busy_analysis_is_waited_for_until_it_ends() {
        let busy = Arc::new(AnalysisBusy::default());
        busy.set(true);
        let other = busy.clone();
        let ender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            other.set(false);
        });
        assert!(busy.wait_idle(Duration::from_secs(60)));
        ender.join().unwrap();
    }

    #[test]
    fn a_busy_analysis_is_waited_for_no_longer_than_asked() {
        let busy = AnalysisBusy::default();
        busy.set(true);
        assert!(!busy.wait_idle(Duration::from_millis(20)));
    }
}
