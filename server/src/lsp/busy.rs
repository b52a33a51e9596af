//! Whether the analysis thread has work in hand, so that background loads can wait for
//! it to finish: a document opened at start is analysed before the ODS dialects are
//! loaded beside it, and its first diagnostics come as fast as with no dialect to load
//! (issue 44: on 2 cores the two slowed each other, the open by 100 ms).

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Busy from the moment an event is sent to the analysis thread until the thread has
/// taken in every event sent and the diagnostics of each burst have been handed to the
/// client. Counting the events sent, not only the burst in hand, closes the gap between a
/// burst that ends and a document opened just before it did; counting a burst until its
/// diagnostics are out closes the one in which a load's first message overtook them on
/// their way to the client (a load must start in neither).
#[derive(Default)]
pub struct AnalysisBusy {
    state: Mutex<State>,
    idle: Condvar,
}

#[derive(Default)]
struct State {
    /// Bursts begun whose diagnostics are not yet handed to the client.
    bursts: usize,
    /// Events sent and not yet taken in by the analysis thread.
    pending: usize,
}

impl State {
    fn is_idle(&self) -> bool {
        self.bursts == 0 && self.pending == 0
    }
}

impl AnalysisBusy {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The analysis thread begins a burst.
    pub fn began(&self) {
        self.state().bursts += 1;
    }

    /// The diagnostics of the oldest burst not yet delivered have been handed to the
    /// client (by the task that sends them, after every message the burst sent).
    pub fn delivered(&self) {
        self.lower(|state| &mut state.bursts);
    }

    /// An event was sent to the analysis thread.
    pub fn queued(&self) {
        self.state().pending += 1;
    }

    /// The analysis thread took in an event (within a burst, which it marked first).
    pub fn taken(&self) {
        self.lower(|state| &mut state.pending);
    }

    /// Counts one less of what `count` picks, and wakes the waiters if that made it idle.
    fn lower(&self, count: impl FnOnce(&mut State) -> &mut usize) {
        let mut state = self.state();
        let count = count(&mut state);
        *count = count.saturating_sub(1);
        if state.is_idle() {
            self.idle.notify_all();
        }
    }

    /// Waits until the analysis thread is idle, or `longest` has passed (a session that
    /// is never idle for long must still get its dialects). Returns whether it was idle.
    pub fn wait_idle(&self, longest: Duration) -> bool {
        let end = Instant::now() + longest;
        let mut state = self.state();
        while !state.is_idle() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            state = match self.idle.wait_timeout(state, left) {
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
        busy.began();
        let other = busy.clone();
        let ender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            other.delivered();
        });
        assert!(busy.wait_idle(Duration::from_secs(60)));
        ender.join().unwrap();
    }

    #[test]
    fn a_busy_analysis_is_waited_for_no_longer_than_asked() {
        let busy = AnalysisBusy::default();
        busy.began();
        assert!(!busy.wait_idle(Duration::from_millis(20)));
    }

    /// A burst that ends while an event waits to be taken in leaves the analysis busy:
    /// the gap in which a document opened at start let a load begin before it.
    #[test]
    fn an_event_sent_and_not_taken_in_keeps_it_busy() {
        let busy = AnalysisBusy::default();
        busy.began();
        busy.taken();
        busy.queued();
        busy.delivered();
        assert!(!busy.wait_idle(Duration::from_millis(20)));
        busy.began();
        busy.taken();
        busy.delivered();
        assert!(busy.wait_idle(Duration::ZERO));
    }

    /// A burst begun before the last one was delivered stays busy after that delivery.
    #[test]
    fn bursts_overlapping_their_delivery_are_each_waited_for() {
        let busy = AnalysisBusy::default();
        busy.began();
        busy.began();
        busy.delivered();
        assert!(!busy.wait_idle(Duration::from_millis(20)));
        busy.delivered();
        assert!(busy.wait_idle(Duration::ZERO));
    }
}
