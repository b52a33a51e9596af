//! Work on a few threads that take items in turn: a thread that finishes early takes the
//! next item instead of idling while another still has half of its share to do.

use std::sync::atomic::{AtomicUsize, Ordering};

/// How many threads the machine runs at once (1 if it cannot tell).
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What a scoped thread returned; its panic is raised again here.
pub fn join<T>(worker: std::thread::ScopedJoinHandle<'_, T>) -> T {
    worker
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// `work(state, item)` for every item, on `threads` threads (each with its own `state`
/// from `new_state`), in item order. A panic on a thread is raised again here.
pub fn map_in_turn<T, S, R>(
    items: &[T],
    threads: usize,
    new_state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let take_in_turn = || {
        let mut state = new_state();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, work(&mut state, item)));
        }
    };
    let mut done: Vec<(usize, R)> = if threads == 1 {
        take_in_turn()
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads).map(|_| scope.spawn(take_in_turn)).collect();
            workers.into_iter().flat_map(join).collect()
        })
    };
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::map_in_turn;

    #[test]
    fn results_keep_item_order_whatever_thread_did_them() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [1, 2, 7] {
            let squares = map_in_turn(&items, threads, || (), |(), &n| n * n);
            assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_keeps_its_own_state() {
        let items = vec![(); 500];
        let count = |threads| {
            map_in_turn(
                &items,
                threads,
                || 0u32,
                |done, ()| {
                    *done += 1;
                    *done
                },
            )
        };
        // One thread counts every item; with two, each count is reached by at most two
        // threads, and a thread that reached k reached every count below it.
        assert_eq!(count(1), (1..=500).collect::<Vec<_>>());
        let two = count(2);
        let reached = |k| two.iter().filter(|&&c| c == k).count();
        assert!((1..=500).all(|k| reached(k) <= 2 && reached(k) >= reached(k + 1)));
    }

    #[test]
    fn no_items_no_threads_needed() {
        let none: Vec<u8> = Vec::new();
        assert!(map_in_turn(&none, 4, || (), |(), &b| b).is_empty());
    }
}
