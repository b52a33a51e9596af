//! The thread that answers semantic-token requests. A million-line file's tokens take
//! 124 MB, made anew for each answer while the last one is kept for deltas: on tokio's
//! pool of blocking threads each answer could be made on another thread, whose allocator
//! heap then kept the pages of the answer before it, freed from afar, until it ran again
//! (five full requests left the server at 1.8 GB). Made, kept and freed on one thread,
//! what an answer freed goes back to the system as soon as it is written: kept for the
//! next answer, it spared no page faults (the delta's time was the same), and requests a
//! fraction of a second apart piled up freed pages (96k lines: 170 to 270 MB over 12).

use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send>;

/// How long the thread waits for work before it hands back what others freed of its
/// memory since (the relay drops the answers' JSON on its own threads).
const IDLE: Duration = Duration::from_secs(1);

pub struct TokenThread {
    jobs: Sender<Job>,
}

impl TokenThread {
    pub fn start() -> TokenThread {
        let (jobs, receiver) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("tokens".into())
            .spawn(move || serve(&receiver))
            .expect("spawn the semantic-token thread");
        TokenThread { jobs }
    }

    /// `f`'s result, computed on the thread; `None` if it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = answer.send(f());
        });
        self.jobs.send(job).ok()?;
        answered.await.ok()
    }
}

/// Runs the jobs in turn until every sender is gone; a job that panics only loses its
/// answer.
fn serve(jobs: &Receiver<Job>) {
    loop {
        let job = match jobs.recv_timeout(IDLE) {
            Ok(job) => job,
            Err(RecvTimeoutError::Timeout) => {
                crate::memory::release_freed();
                match jobs.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
        // The last answer and the job's working memory, freed on this thread.
        crate::memory::release_freed();
    }
}

#[cfg(test)]
mod tests {
    use super::TokenThread;

    #[tokio::test]
    async fn answers_come_back_and_a_panic_loses_only_its_own() {
        let thread = TokenThread::start();
        assert_eq!(thread.run(|| 6 * 7).await, Some(42));
        let lost: Option<()> = thread.run(|| panic!("a broken request")).await;
        assert_eq!(lost, None);
        let name = thread
            .run(|| std::thread::current().name().map(String::from))
            .await;
        assert_eq!(name.flatten().as_deref(), Some("tokens"));
    }
}
