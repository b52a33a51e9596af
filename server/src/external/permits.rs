//! A cap on the tool processes alive at once, over all documents: an editor that
//! restores twenty tabs must not start twenty `mlir-opt`s on two cores (each run would
//! then creep towards its timeout). A run waits for a permit, and gives up waiting when
//! its cancel flag is raised (a newer edit made it useless).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How often a waiting run looks at its cancel flag.
const RECHECK: Duration = Duration::from_millis(20);

pub struct Permits {
    free: Mutex<usize>,
    returned: Condvar,
}

/// A permit held; given back when dropped.
pub struct Permit<'a>(&'a Permits);

impl Permits {
    pub fn new(count: usize) -> Self {
        Permits {
            free: Mutex::new(count.max(1)),
            returned: Condvar::new(),
        }
    }

    /// As many permits as the machine has cores.
    pub fn per_core() -> Self {
        Permits::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// Waits for a permit; `None` once `cancel` is raised.
    pub fn acquire(&self, cancel: &AtomicBool) -> Option<Permit<'_>> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            if *free > 0 {
                *free -= 1;
                return Some(Permit(self));
            }
            free = match self.returned.wait_timeout(free, RECHECK) {
                Ok((guard, _)) => guard,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.returned.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permits_are_counted_and_a_cancelled_wait_gives_up() {
        let permits = Permits::new(1);
        let never = AtomicBool::new(false);
        let held = permits.acquire(&never).unwrap();
        assert!(permits.acquire(&AtomicBool::new(true)).is_none());
        drop(held);
        assert!(permits.acquire(&never).is_some());
    }
}
