//! The client's stdin, read on a thread of its own. tokio's stdin hands each read to its
//! pool of blocking threads and waits for it there: a pipe gives at most 64 KiB a read, so
//! the `didOpen` of a large file (tens of MB) costs hundreds of such round trips between
//! threads, which took longer than all the rest of reading it. Here one thread reads on,
//! and what it read reaches the relay through a bounded channel, so the client is still
//! held up while the relay takes nothing in.

use std::io::Read;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::mpsc;

/// The most bytes one read asks for.
const READ_BYTES: usize = 1 << 20;

/// How many reads may wait for the relay before the thread stops reading.
const QUEUED_READS: usize = 64;

/// stdin as an `AsyncRead` fed by the reading thread.
pub struct ThreadStdin {
    reads: mpsc::Receiver<Vec<u8>>,
    current: Vec<u8>,
    taken: usize,
}

/// Starts the thread that reads `input` (stdin) to its end.
pub fn spawn(mut input: impl Read + Send + 'static) -> ThreadStdin {
    let (sender, reads) = mpsc::channel(QUEUED_READS);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut buf = vec![0; READ_BYTES];
            loop {
                let n = match input.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                if sender.blocking_send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        })
        .expect("spawn the stdin thread");
    ThreadStdin {
        reads,
        current: Vec::new(),
        taken: 0,
    }
}

impl AsyncRead for ThreadStdin {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        // A caller may hand a buffer that holds bytes already (tokio's `read_to_end`
        // does): what this poll gave is what came after them.
        let before = out.filled().len();
        while out.remaining() > 0 {
            if this.taken == this.current.len() {
                // Every read already queued is taken in this poll; wait only for the first.
                let next = match out.filled().len() == before {
                    true => match this.reads.poll_recv(cx) {
                        Poll::Ready(next) => next,
                        Poll::Pending => return Poll::Pending,
                    },
                    false => this.reads.try_recv().ok(),
                };
                let Some(next) = next else {
                    // The end of the input, or nothing more queued for now.
                    return Poll::Ready(Ok(()));
                };
                this.current = next;
                this.taken = 0;
            }
            let rest = &this.current[this.taken..];
            let n = rest.len().min(out.remaining());
            out.put_slice(&rest[..n]);
            this.taken += n;
        }
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::AsyncReadExt;

    /// A reader that gives its bytes a few at a time, as a pipe gives what is in it.
    struct Trickle(Vec<u8>, usize);

    impl std::io::Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    /// A buffer that holds bytes already (as `read_to_end` passes it) is no sign that
    /// this poll gave any: with nothing queued it waits, rather than report the end.
    #[tokio::test]
    async fn a_buffer_holding_bytes_already_waits_for_more() {
        use std::pin::Pin;
        use std::task::{Context, Poll, Waker};
        use tokio::io::{AsyncRead, ReadBuf};

        let (sender, reads) = tokio::sync::mpsc::channel(4);
        let mut stdin = super::ThreadStdin {
            reads,
            current: Vec::new(),
            taken: 0,
        };
        let mut storage = [0u8; 16];
        let mut out = ReadBuf::new(&mut storage);
        out.put_slice(b"ab");
        let mut cx = Context::from_waker(Waker::noop());
        let mut poll = |out: &mut ReadBuf<'_>| Pin::new(&mut stdin).poll_read(&mut cx, out);
        assert!(poll(&mut out).is_pending());
        sender.send(b"cd".to_vec()).await.unwrap();
        assert!(matches!(poll(&mut out), Poll::Ready(Ok(()))));
        assert_eq!(out.filled(), b"abcd");
        drop(sender);
        assert!(matches!(poll(&mut out), Poll::Ready(Ok(()))));
        assert_eq!(out.filled(), b"abcd", "the end adds nothing");
    }

    #[tokio::test]
    async fn every_byte_arrives_in_order_and_then_the_end() {
        let input: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let mut reader = super::spawn(Trickle(input.clone(), 7919));
        let mut read = Vec::new();
        reader.read_to_end(&mut read).await.unwrap();
        assert_eq!(read.len(), input.len());
        assert!(read == input, "the bytes differ");
    }
}
