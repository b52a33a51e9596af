//! Reading `Content-Length`-framed messages from a byte stream that may be broken: a header
//! block without a usable length, a length too short or too long, bytes between frames.
//! After any of these the reader finds the next `Content-Length:` header, wherever it is
//! (glued to the end of a body, inside the bytes a too-long length would swallow), and
//! carries on; what it skips is handed back as garbage, so that a request in it can still
//! be answered. A header block is found by its blank line, so a body never needs to be
//! searched: only a body that is not JSON, or one still arriving, is searched for the
//! next header, which no JSON text can hold (a raw line break after a header's digits is
//! no JSON whitespace inside a string, and outside strings the word is no JSON token).

use tokio::io::{AsyncRead, AsyncReadExt};

/// Largest body accepted; a bigger `Content-Length` is a framing error.
pub const MAX_BODY: usize = 1 << 30;

/// From this size on, a body is handed on in the buffer it arrived in.
const LARGE_BODY: usize = 1 << 20;

/// How much a read asks for, at least.
const READ_SIZE: usize = 64 << 10;

/// The most room reserved at once for a body still arriving.
const MAX_RESERVE: usize = 256 << 20;

/// Bytes of headers without their blank line after which they are garbage.
const MAX_HEADERS: usize = 64 << 10;

/// What the reader found next.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A message body, as its `Content-Length` framed it.
    Body(Vec<u8>),
    /// Bytes skipped to find the next header: a body whose length was wrong or missing,
    /// or whatever stood between frames.
    Garbage(Vec<u8>),
}

pub struct FrameReader<R> {
    inner: R,
    buf: Vec<u8>,
    eof: bool,
    /// Where the search for a header inside a body still arriving goes on: the bytes
    /// before it were searched, and a body of 50 MB arrives in hundreds of reads.
    scan_from: usize,
}

impl<R: AsyncRead + Unpin> FrameReader<R> {
    pub fn new(inner: R) -> Self {
        FrameReader {
            inner,
            buf: Vec::new(),
            eof: false,
            scan_from: 0,
        }
    }

    /// The next frame; `None` at the end of the input (an unfinished frame is dropped).
    pub async fn next(&mut self) -> Option<Frame> {
        loop {
            if let Some(frame) = self.take_frame() {
                return Some(frame);
            }
            if self.eof || !self.fill().await {
                return None;
            }
        }
    }

    /// Reads more bytes; `false` at the end of the input.
    async fn fill(&mut self) -> bool {
        // Read straight into the buffer's free room (a body's is reserved whole).
        self.buf.reserve(READ_SIZE);
        match self.inner.read_buf(&mut self.buf).await {
            Ok(0) | Err(_) => {
                self.eof = true;
                false
            }
            Ok(_) => true,
        }
    }

    /// A frame from the bytes read so far, if they hold one.
    fn take_frame(&mut self) -> Option<Frame> {
        let Ok(header) = find_header(&self.buf, 0) else {
            // No header yet: keep waiting unless what is there can never start one.
            return (self.buf.len() > MAX_HEADERS).then(|| self.drain(self.buf.len() - 32));
        };
        if header.start > 0 && !is_header_lines(&self.buf[..header.start]) {
            return Some(self.drain(header.start));
        }
        let Some(length) = header.length.filter(|&n| n <= MAX_BODY) else {
            // The body that follows has no known end: the next header's search finds it.
            return Some(self.drain(header.end));
        };
        let body = header.end..header.end + length;
        if self.buf.len() < body.end {
            // Room for all of it at once: a body of 50 MB would be copied at each
            // doubling of the buffer. Not past MAX_RESERVE for a length that may lie.
            let missing = body.end - self.buf.len();
            self.buf.reserve_exact(missing.min(MAX_RESERVE));
            // Still arriving, unless the next frame's header is already in it: the length
            // was too long.
            let from = self.scan_from.saturating_sub(body.start);
            return match find_header(&self.buf[body.start..], from) {
                Ok(next) => Some(self.drain(body.start + next.start)),
                Err(resume) => {
                    self.scan_from = body.start + resume;
                    None
                }
            };
        }
        let bytes = &self.buf[body.clone()];
        // A body that is no JSON may hold the start of the next frame (the length was
        // too long): the frame goes on from its name, even before its blank line. The
        // name is looked for first: that search is many times faster than reading the
        // JSON, and seldom finds anything.
        if let Some(next) = find_name(bytes)
            && serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_err()
        {
            return Some(self.drain(body.start + next));
        }
        self.scan_from = 0;
        Some(Frame::Body(self.take_body(body)))
    }

    /// Takes `body` out of the buffer, and what came before it.
    fn take_body(&mut self, body: std::ops::Range<usize>) -> Vec<u8> {
        if body.len() < LARGE_BODY {
            let bytes = self.buf[body.clone()].to_vec();
            self.buf.drain(..body.end);
            return bytes;
        }
        // A large body keeps the buffer it arrived in (no copy), and the buffer's room,
        // grown for it, goes with it rather than stay held by the reader.
        let rest = self.buf.split_off(body.end);
        let mut bytes = std::mem::replace(&mut self.buf, rest);
        bytes.drain(..body.start);
        bytes
    }

    fn drain(&mut self, end: usize) -> Frame {
        self.scan_from = 0;
        Frame::Garbage(self.buf.drain(..end).collect())
    }
}

/// Are `bytes` whole header lines (`Content-Type: ...`), which a block may hold before
/// its `Content-Length`?
fn is_header_lines(bytes: &[u8]) -> bool {
    bytes.ends_with(b"\n")
        && bytes
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .all(|line| {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let name = line.split(|&b| b == b':').next().unwrap_or(line);
                line.contains(&b':')
                    && !name.is_empty()
                    && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
            })
}

/// A header block: where its `Content-Length:` starts, where the block ends (after its
/// blank line), and the length if it reads as one.
#[derive(Debug, PartialEq, Eq)]
struct Header {
    start: usize,
    end: usize,
    length: Option<usize>,
}

/// The first complete header block in `bytes`, searched from `from`, that has a
/// `Content-Length:`; or, when there is none yet, where a search with more bytes must
/// start again (every byte before it was ruled out).
fn find_header(bytes: &[u8], mut from: usize) -> Result<Header, usize> {
    loop {
        let Some(at) = find_name(&bytes[from..]) else {
            // The name may be cut at the end of what arrived.
            return Err(bytes.len().saturating_sub(NAME.len() - 1).max(from));
        };
        let start = from + at;
        let after_name = start + NAME.len();
        let rest = &bytes[after_name..];
        match header_at(rest, start == 0) {
            Candidate::Header { end, length } => {
                return Ok(Header {
                    start,
                    end: after_name + end,
                    length,
                });
            }
            Candidate::Waiting => return Err(start),
            Candidate::NotOne => from = after_name,
        }
    }
}

/// What follows a `Content-Length:` name.
enum Candidate {
    /// A header block, ending `end` bytes on.
    Header { end: usize, length: Option<usize> },
    /// Too little has arrived to tell.
    Waiting,
    /// No header: the name is text inside other bytes.
    NotOne,
}

/// Bytes of a `Content-Length` value line beyond which it is no header's.
const MAX_VALUE: usize = 64;

/// Reads what follows a `Content-Length:` name. At the start of a frame any value makes
/// a header (its body is skipped when the value is no length); inside other bytes the
/// name must begin a header whose value is digits, ending its line. Both searches are
/// bounded, so a search that waits for more bytes never reads a whole body again.
fn header_at(rest: &[u8], at_frame_start: bool) -> Candidate {
    let line_end = memchr::memchr(b'\n', &rest[..rest.len().min(MAX_VALUE)]);
    let value = line_end.and_then(|end| std::str::from_utf8(&rest[..end]).ok());
    let length = value.and_then(|v| v.trim().parse::<usize>().ok());
    if !at_frame_start {
        let is_digits = value.is_some_and(|v| {
            let v = v.trim();
            !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())
        });
        if line_end.is_none() && rest.len() < MAX_VALUE {
            return Candidate::Waiting;
        }
        if !is_digits {
            return Candidate::NotOne;
        }
    }
    match block_end(&rest[..rest.len().min(MAX_HEADERS)]) {
        Some(end) => Candidate::Header { end, length },
        None if rest.len() < MAX_HEADERS => Candidate::Waiting,
        None => Candidate::NotOne,
    }
}

const NAME: &[u8] = b"content-length:";

/// Where `content-length:` (any case) starts in `bytes`.
fn find_name(bytes: &[u8]) -> Option<usize> {
    // Searching for the tail, which has no letter that changes with case at its start,
    // then checking the whole name, keeps the search a fast substring search.
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&bytes[from..], b"ontent-") {
        let at = from + i;
        if at >= 1
            && bytes[at - 1..].len() >= NAME.len()
            && bytes[at - 1..at - 1 + NAME.len()].eq_ignore_ascii_case(NAME)
        {
            return Some(at - 1);
        }
        from = at + 1;
    }
    None
}

/// The end of the header block that goes on at `bytes` (after its blank line), if the
/// blank line has arrived: `\r\n\r\n`, or `\n\n` from clients that write bare line breaks.
fn block_end(bytes: &[u8]) -> Option<usize> {
    let crlf = memchr::memmem::find(bytes, b"\r\n\r\n").map(|i| i + 4);
    let lf = memchr::memmem::find(bytes, b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    /// Every frame the reader finds in `input`, bodies and garbage as text.
    fn frames(input: &str) -> Vec<String> {
        frames_in_reads(input, usize::MAX)
    }

    /// A stream that hands out at most `step` bytes a read, as a pipe does.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl AsyncRead for Trickle<'_> {
        fn poll_read(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
            out: &mut tokio::io::ReadBuf<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            let n = self.step.min(out.remaining()).min(self.bytes.len());
            out.put_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            std::task::Poll::Ready(Ok(()))
        }
    }

    /// The frames of `input` when it arrives `step` bytes at a time.
    fn frames_in_reads(input: &str, step: usize) -> Vec<String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let stream = Trickle {
                bytes: input.as_bytes(),
                step,
            };
            let mut reader = FrameReader::new(stream);
            let mut out = Vec::new();
            while let Some(frame) = reader.next().await {
                out.push(match frame {
                    Frame::Body(b) => format!("body {}", String::from_utf8_lossy(&b)),
                    Frame::Garbage(g) => format!("garbage {}", String::from_utf8_lossy(&g)),
                });
            }
            out
        })
    }

    const A: &str = r#"{"jsonrpc":"2.0","id":1,"method":"a"}"#;
    const B: &str = r#"{"jsonrpc":"2.0","id":2,"method":"b"}"#;

    #[test]
    fn frames_in_a_row_and_other_headers() {
        let input = format!(
            "{}Content-Type: application/vscode-jsonrpc\r\ncontent-length: {}\r\n\r\n{B}",
            frame(A),
            B.len()
        );
        assert_eq!(frames(&input), [format!("body {A}"), format!("body {B}")]);
        assert_eq!(
            frames(&format!("Content-Length: {}\n\n{A}", A.len())),
            [format!("body {A}")]
        );
    }

    #[test]
    fn a_length_too_short_skips_the_rest_up_to_the_next_header() {
        let input = format!("Content-Length: 10\r\n\r\n{A}{}", frame(B));
        assert_eq!(
            frames(&input),
            [
                format!("body {}", &A[..10]),
                format!("garbage {}", &A[10..]),
                format!("body {B}")
            ]
        );
    }

    #[test]
    fn a_length_too_long_ends_where_the_next_header_starts() {
        // All of it arrived: the body is no JSON, and holds the next header.
        let input = format!("Content-Length: 60\r\n\r\n{A}{}", frame(B));
        let found = frames(&input);
        assert_eq!(found[0], format!("garbage Content-Length: 60\r\n\r\n{A}"));
        assert_eq!(found[1], format!("body {B}"));
        // Longer than the input: the reader does not wait for bytes that belong to the
        // next frame.
        let input = format!("Content-Length: 5000\r\n\r\n{A}{}", frame(B));
        assert_eq!(frames(&input)[1], format!("body {B}"));
    }

    #[test]
    fn a_length_that_is_no_number_skips_its_body() {
        let input = format!("Content-Length: abc\r\n\r\n{A}{}", frame(B));
        let found = frames(&input);
        assert_eq!(found.last().unwrap(), &format!("body {B}"));
        assert!(
            found[..found.len() - 1]
                .iter()
                .all(|f| f.starts_with("garbage")),
            "{found:?}"
        );
        let huge = format!("Content-Length: 99999999999999\r\n\r\n{A}{}", frame(B));
        assert_eq!(frames(&huge).last().unwrap(), &format!("body {B}"));
    }

    #[test]
    fn bytes_between_frames_are_garbage() {
        let input = format!("hello\r\n{}junk{}", frame(A), frame(B));
        assert_eq!(
            frames(&input),
            [
                "garbage hello\r\n".to_string(),
                format!("body {A}"),
                "garbage junk".to_string(),
                format!("body {B}")
            ]
        );
        // A header never finished: dropped at the end of the input.
        assert_eq!(frames("Content-Length: 3\r\n"), Vec::<String>::new());
    }

    #[test]
    fn bodies_arriving_in_small_reads() {
        // The name of the header inside a JSON string, cut by reads at every place: the
        // body is still one body.
        let text = r#"{"jsonrpc":"2.0","method":"m","params":{"t":"Content-Length: 12\r\n\r\n"}}"#;
        let input = format!("{}{}", frame(text), frame(B));
        for step in 1..9 {
            assert_eq!(
                frames_in_reads(&input, step),
                [format!("body {text}"), format!("body {B}")],
                "{step} bytes a read"
            );
        }
        // A length too long, and the next header cut by reads: found all the same.
        let input = format!("Content-Length: 5000\r\n\r\n{A}{}", frame(B));
        for step in [1, 3, 7, 64] {
            assert_eq!(frames_in_reads(&input, step)[1], format!("body {B}"));
        }
    }

    #[test]
    fn inside_other_bytes_only_a_length_of_digits_makes_a_header() {
        // Text that mentions the header, with blank lines after it, does not end a body
        // still arriving; the real header after it does.
        let garbage = "Content-Length: 5000\r\n\r\nsee content-length: many\r\n\r\n";
        let input = format!("{garbage}{}", frame(B));
        assert_eq!(
            frames(&input),
            [format!("garbage {garbage}"), format!("body {B}")]
        );
    }
}
