//! The scan for cut points (see the parent module's doc): one pass over the bytes that
//! tracks bracket depth outside strings and comments, and notes the line starts at depth 1
//! where a statement surely begins. It runs before any parsing, on one core unless the
//! file is large: then the second half is scanned beside the first, from an unknown depth,
//! and the two are joined to give exactly what one pass gives.
//!
//! What a line does depends only on the line and on two facts from the lines before it:
//! the depth at its start and whether the last line with code ended complete. A string or
//! comment never runs past its line (a backslash does not escape a line break), so a line
//! start is a clean place to split the scan.

/// Files from this size are scanned in two parts (called halves) on two threads.
const SPLIT_SCAN_BYTES: usize = 1 << 20;

/// Line starts where a statement surely begins, all in the same depth-1 region: the one
/// with the most of them; `None` if the text holds a `// -----` split marker (markers end
/// ops: such files are parsed in one piece). `threads > 1` lets a large file be scanned
/// in two halves.
pub(super) fn cut_points(text: &str, threads: usize) -> Option<RegionCuts> {
    if threads < 2 || text.len() < SPLIT_SCAN_BYTES {
        return one_pass(text);
    }
    // The second half keeps every line that may start a statement, at any depth, and
    // takes about a third longer a byte than the first: it is given less of the text.
    let split = text.len() / 7 * 4;
    let mid =
        memchr::memchr(b'\n', &text.as_bytes()[split..]).map_or(text.len(), |i| split + i + 1);
    cut_points_at(text, mid)
}

/// Does the scan in two halves give what one pass gives, wherever the second half starts
/// (at up to `tries` line starts spread over the text)? For tests.
pub(crate) fn halves_agree(text: &str, tries: usize) -> bool {
    let whole = one_pass(text);
    let starts: Vec<usize> = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
        .collect();
    let step = starts.len().div_ceil(tries.max(1)).max(1);
    starts
        .iter()
        .step_by(step)
        .all(|&mid| cut_points_at(text, mid) == whole)
}

/// `cut_points`, with the lines from `mid` (a line start, or the text's end) scanned on
/// another thread than those before it.
fn cut_points_at(text: &str, mid: usize) -> Option<RegionCuts> {
    if mid >= text.len() || u32::try_from(text.len()).is_err() {
        return one_pass(text);
    }
    let mut second_state = LineState {
        depth: 0,
        prev_complete: complete_before(text, mid),
    };
    // Each half looks for split markers in its own bytes, rather than one thread in all.
    let (first, second) = std::thread::scope(|scope| {
        let first = scope.spawn(|| {
            if has_split_marker(text, 0..mid) {
                return None;
            }
            let (mut sink, mut state) = (Absolute::default(), LineState::default());
            scan_lines(text, 0..mid, &mut state, &mut sink);
            Some((sink, state))
        });
        let second = (!has_split_marker(text, mid..text.len())).then(|| {
            // Nearly every line of IR may start a statement at some depth: room for
            // them all at once, rather than copying the list as it grows.
            let mut second = Relative {
                candidates: Vec::with_capacity((text.len() - mid) / 48),
                ..Relative::default()
            };
            scan_lines(text, mid..text.len(), &mut second_state, &mut second);
            second
        });
        (crate::pool::join(first), second)
    });
    let ((mut first, end), second) = (first?, second?);
    if second.too_deep {
        return one_pass(text);
    }
    // The second half's depth 0 is the first half's end depth: its depth-1 lines are those
    // at `1 - end.depth`, and its depth-1 regions open where the depth climbs to that level.
    let level = 1 - end.depth;
    for c in second
        .candidates
        .iter()
        .filter(|c| i64::from(c.depth) == level)
    {
        let (region, open) = match c.opened {
            0 => (first.region, first.open),
            count => (first.region + count, c.open as usize),
        };
        first.cuts.add(region, open, c.at as usize);
    }
    Some(first.cuts.best())
}

/// The scan of the whole text on the current thread.
fn one_pass(text: &str) -> Option<RegionCuts> {
    if has_split_marker(text, 0..text.len()) {
        return None;
    }
    let mut sink = Absolute::default();
    scan_lines(text, 0..text.len(), &mut LineState::default(), &mut sink);
    Some(sink.cuts.best())
}

/// Does a `// -----` split marker start in `range` of the text? (A marker that starts in
/// one half and ends in the other is found by the first.)
fn has_split_marker(text: &str, range: std::ops::Range<usize>) -> bool {
    const MARKER: &[u8] = b"// -----";
    let end = (range.end + MARKER.len() - 1).min(text.len());
    memchr::memmem::find(&text.as_bytes()[range.start..end], MARKER).is_some()
}

/// What the scan carries from one line to the next.
#[derive(Debug, Clone, Copy, Default)]
struct LineState {
    depth: i64,
    /// Whether the last line with code ended with nothing that asks for more (no comment).
    prev_complete: bool,
}

/// What the scan reports: the brackets that open a level, and the line starts where a
/// statement surely begins after a complete line (at the depths the sink `wants`).
trait Sink {
    fn wants(&self, depth: i64) -> bool;
    fn candidate(&mut self, at: usize, depth: i64);
    fn opened(&mut self, depth: i64, at: usize);
}

/// Scans the lines of `range` (which starts at a line start) from `state`.
fn scan_lines(
    text: &str,
    range: std::ops::Range<usize>,
    state: &mut LineState,
    sink: &mut impl Sink,
) {
    let mut i = range.start;
    while i < range.end {
        let mut code = i;
        while code < range.end && matches!(text.as_bytes()[code], b' ' | b'\t') {
            code += 1;
        }
        if state.prev_complete && sink.wants(state.depth) && starts_statement_surely(&text[code..])
        {
            sink.candidate(code, state.depth);
        }
        let line = scan_line(text, i, &mut state.depth, sink);
        match line.end {
            LineEnd::Blank => {}
            LineEnd::Complete => state.prev_complete = true,
            LineEnd::Open => state.prev_complete = false,
        }
        i = line.next;
    }
}

/// How a line ends, for the line after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineEnd {
    /// No code and no comment: the line before it decides.
    Blank,
    /// Code that asks for nothing more.
    Complete,
    /// Code that asks for more (`,` `=` `:` `->`, a bare result list), a comment, or a
    /// string left open.
    Open,
}

struct Line {
    end: LineEnd,
    /// Where the next line starts.
    next: usize,
}

/// Scans the line starting at `start`, updating `depth` by its brackets.
fn scan_line(text: &str, start: usize, depth: &mut i64, sink: &mut impl Sink) -> Line {
    let bytes = text.as_bytes();
    let depth_at_start = *depth;
    let mut i = start;
    let mut comment = false;
    let mut string_left_open = false;
    loop {
        i = next_interesting(bytes, i);
        match bytes.get(i) {
            None | Some(b'\n') => break,
            Some(b'"') => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n') {
                    // An escape never swallows the line break: the string ends there.
                    let escape = bytes[i] == b'\\' && bytes.get(i + 1) != Some(&b'\n');
                    i += if escape { 2 } else { 1 };
                }
                i = i.min(bytes.len());
                if bytes.get(i) == Some(&b'"') {
                    i += 1; // the closing quote
                } else {
                    string_left_open = true;
                }
            }
            Some(b'/') if bytes.get(i + 1) == Some(&b'/') => {
                comment = true;
                i += memchr::memchr(b'\n', &bytes[i..]).unwrap_or(bytes.len() - i);
            }
            Some(b'(' | b'[' | b'{') => {
                *depth += 1;
                sink.opened(*depth, i);
                i += 1;
            }
            Some(b')' | b']' | b'}') => {
                *depth -= 1;
                i += 1;
            }
            Some(_) => i += 1,
        }
    }
    let line_end = i.min(bytes.len());
    let next = (i + 1).min(bytes.len()).max(line_end);
    let end = if string_left_open {
        // A string ends at its line's end with an error, and the parser's recovery ends
        // the broken statement there, with the brackets it opened: counting them open
        // would leave the rest of the file without a cut.
        *depth = depth_at_start;
        LineEnd::Open
    } else if comment {
        LineEnd::Open
    } else {
        // What the line's code ends with (`->` asks for more, a lone `>` does not).
        let code = trim_whitespace(&text[start..line_end]);
        if code.is_empty() {
            LineEnd::Blank
        } else if code.ends_with([',', '=', ':'])
            || code.ends_with("->")
            || is_bare_result_list(code)
        {
            LineEnd::Open
        } else {
            LineEnd::Complete
        }
    };
    Line { end, next }
}

/// Whether the last line before `at` (a line start) that is not blank ended complete.
fn complete_before(text: &str, at: usize) -> bool {
    let mut end = at;
    while end > 0 {
        // `end` is a line start: the line before it ends in its `\n` at `end - 1`.
        let start = memchr::memrchr(b'\n', &text.as_bytes()[..end - 1]).map_or(0, |i| i + 1);
        match scan_line(text, start, &mut 0, &mut Ignore).end {
            LineEnd::Blank => end = start,
            LineEnd::Complete => return true,
            LineEnd::Open => return false,
        }
    }
    false
}

/// A sink that notes nothing (to read how a line ends).
struct Ignore;

impl Sink for Ignore {
    fn wants(&self, _: i64) -> bool {
        false
    }
    fn candidate(&mut self, _: usize, _: i64) {}
    fn opened(&mut self, _: i64, _: usize) {}
}

/// The scan from the file's start: depths are known, and depth-1 regions are numbered
/// as their brackets open.
#[derive(Default)]
struct Absolute {
    cuts: Cuts,
    /// How many depth-1 regions have opened, and where the last one did.
    region: u32,
    open: usize,
}

impl Sink for Absolute {
    fn wants(&self, depth: i64) -> bool {
        depth == 1
    }
    fn candidate(&mut self, at: usize, _: i64) {
        self.cuts.add(self.region, self.open, at);
    }
    fn opened(&mut self, depth: i64, at: usize) {
        if depth == 1 {
            self.region += 1;
            self.open = at;
        }
    }
}

/// The scan from a line start at an unknown depth, counted from 0 there: every candidate
/// is kept with its depth, and with how many brackets had climbed to that depth before it
/// (and where the last did), which number its region once the depth is known.
#[derive(Default)]
struct Relative {
    candidates: Vec<Candidate>,
    /// By depth (`depth >= 0` at `depth`, `depth < 0` at `-depth - 1` of `below`): how
    /// many brackets climbed to it, and where the last did.
    at_or_above: Vec<(u32, u32)>,
    below: Vec<(u32, u32)>,
    /// A depth beyond `MAX_LEVELS` was met (broken or absurd nesting): the halves are not
    /// joined, and the file is scanned again in one pass.
    too_deep: bool,
}

/// The deepest level the second half's scan keeps counts for.
const MAX_LEVELS: usize = 1 << 12;

/// Positions fit in `u32` (`TextSize`); depths past `MAX_LEVELS` are never stored.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    at: u32,
    depth: i32,
    /// How many brackets climbed to the candidate's depth before it (0: its region opened
    /// before the scan's start), and where the last did.
    opened: u32,
    open: u32,
}

impl Relative {
    fn level(&mut self, depth: i64) -> Option<&mut (u32, u32)> {
        let (levels, index) = match usize::try_from(depth) {
            Ok(d) => (&mut self.at_or_above, d),
            Err(_) => (&mut self.below, depth.unsigned_abs() as usize - 1),
        };
        if index >= MAX_LEVELS {
            self.too_deep = true;
            return None;
        }
        if levels.len() <= index {
            levels.resize(index + 1, (0, 0));
        }
        Some(&mut levels[index])
    }
}

impl Sink for Relative {
    fn wants(&self, _: i64) -> bool {
        true
    }
    fn candidate(&mut self, at: usize, depth: i64) {
        let Some(&mut (opened, open)) = self.level(depth) else {
            return;
        };
        self.candidates.push(Candidate {
            at: at as u32,
            depth: depth as i32,
            opened,
            open,
        });
    }
    fn opened(&mut self, depth: i64, at: usize) {
        if let Some(level) = self.level(depth) {
            *level = (level.0 + 1, at as u32);
        }
    }
}

/// `str::trim`, cheaper on the ASCII ends of a line (a million lines are trimmed).
fn trim_whitespace(line: &str) -> &str {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C);
    let bytes = line.as_bytes();
    let start = bytes.iter().position(|b| !space(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |i| i + 1);
    let code = &line[start..end.max(start)];
    // Other characters `trim` removes are not ASCII.
    match (code.as_bytes().first(), code.as_bytes().last()) {
        (Some(a), Some(b)) if !a.is_ascii() || !b.is_ascii() => code.trim(),
        _ => code,
    }
}

/// `%2` or `%a, %b:2` alone on a line: whether it starts a statement (a result list
/// missing its `=`) is decided by reading on into the next lines, past a cut.
fn is_bare_result_list(code: &str) -> bool {
    code.starts_with('%')
        && code.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'%' | b'_' | b'$' | b'.' | b'-' | b',' | b':' | b'#' | b' ' | b'\t'
                )
        })
}

/// Where the first byte the scan stops at is, from `i` on (`bytes.len()` if none is).
/// Eight bytes are tested at once: most of IR is names, keywords and spaces between them.
fn next_interesting(bytes: &[u8], mut i: usize) -> usize {
    while let Some(word) = bytes.get(i..i + 8) {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        let hits = interesting_bytes(u64::from_le_bytes(eight));
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && !INTERESTING[usize::from(bytes[i])] {
        i += 1;
    }
    i
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// A word whose lowest set bit (if any) is the high bit of the first byte of `word`
/// (little-endian) that is in `INTERESTING`.
fn interesting_bytes(word: u64) -> u64 {
    // The high bit of each zero byte, exact up to the first one (a borrow may mark bytes
    // after it, which the lowest set bit never reads).
    let zeros = |x: u64| x.wrapping_sub(ONES) & !x & (ONES << 7);
    let equal = |x: u64, byte: u8| zeros(x ^ (ONES * u64::from(byte)));
    // `(` and `)` differ in their lowest bit, `[`/`]` and `{`/`}` in bit 5.
    let parens = word | ONES;
    let braces = word | (ONES << 5);
    equal(word, b'\n')
        | equal(word, b'"')
        | equal(word, b'/')
        | equal(parens, b')')
        | equal(braces, b'{')
        | equal(braces, b'}')
}

/// The bytes the scan stops at: line ends, strings, comments and brackets.
static INTERESTING: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = matches!(
            i as u8,
            b'\n' | b'"' | b'/' | b'(' | b'[' | b'{' | b')' | b']' | b'}'
        );
        i += 1;
    }
    table
};

/// Cut points by depth-1 region, keeping the region with the most.
#[derive(Default)]
struct Cuts {
    best: RegionCuts,
    current: RegionCuts,
    region: u32,
}

/// The cut points of one depth-1 region, and where its bracket opens.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct RegionCuts {
    pub(super) open: usize,
    pub(super) at: Vec<usize>,
}

impl Cuts {
    fn add(&mut self, region: u32, open: usize, at: usize) {
        if region != self.region {
            if self.current.at.len() > self.best.at.len() {
                self.best = std::mem::take(&mut self.current);
            }
            self.current.at.clear();
            self.current.open = open;
            self.region = region;
        }
        self.current.at.push(at);
    }

    fn best(self) -> RegionCuts {
        if self.current.at.len() > self.best.at.len() {
            self.current
        } else {
            self.best
        }
    }
}

/// `dialect.op ` or `%name = x`: a line start the custom-op end rule always ends an op at.
fn starts_statement_surely(line: &str) -> bool {
    let bytes = line.as_bytes();
    match bytes.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
            let word = bytes
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.'))
                .count();
            line[..word].contains('.') && bytes.get(word) == Some(&b' ')
        }
        Some(b'%') => {
            let name = &bytes[1..];
            let len = if name.first().is_some_and(u8::is_ascii_digit) {
                name.iter().take_while(|c| c.is_ascii_digit()).count()
            } else if name
                .first()
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            {
                name.iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                    .count()
            } else {
                return false;
            };
            let after = &name[len..];
            after.starts_with(b" = ")
                && after
                    .get(3)
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'"')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_find_the_first_interesting_byte_as_the_table_does() {
        let naive = |bytes: &[u8], from: usize| {
            (from..bytes.len())
                .find(|&i| INTERESTING[usize::from(bytes[i])])
                .unwrap_or(bytes.len())
        };
        // Every byte at every place of a word, after plain text and after bytes one bit
        // away from those the scan stops at (a borrow or a shared bit must not count).
        for fill in [
            b'a',
            0x28 ^ 0x02,
            0x5B ^ 0x01,
            0x7D ^ 0x04,
            0x0A ^ 0x80,
            0x00,
            0xFF,
        ] {
            for byte in 0..=255u8 {
                for at in 0..20 {
                    let mut bytes = vec![fill; 21];
                    bytes[at] = byte;
                    for from in [0, 1, 7, 8, 13] {
                        assert_eq!(
                            next_interesting(&bytes, from),
                            naive(&bytes, from),
                            "{fill:#x} {byte:#x} at {at} from {from}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn lines_are_trimmed_as_str_trim_does() {
        for line in [
            "",
            "  ",
            " a, ",
            "\t%x =\r",
            "\u{a0}a,\u{a0}",
            "a\u{2028}",
            "\u{b}x\u{c}",
        ] {
            assert_eq!(trim_whitespace(line), line.trim(), "{line:?}");
        }
    }

    #[test]
    fn halves_join_to_the_one_pass_scan_wherever_they_meet() {
        let functions = "  func.func @f() {\n    %0 = arith.constant 0 : i32\n    \
            return\n  }\n"
            .repeat(3);
        let texts = [
            // Two depth-1 regions, the second with more cut points.
            format!("module {{\n{functions}}}\nmodule {{\n{functions}{functions}}}\n"),
            // Closers before any opener: depths below 0.
            format!("}}\n}}\n{{\n{functions}}}\n({{\n{functions}"),
            // Lines that ask for more, blank lines, comments and open strings before a cut.
            format!(
                "m {{\n  a.b x,\n\n  c.d y\n  // note\n\n  e.f z\n  %r\n  g.h \"s\\\n  \
                 i.j \"open\n  k.l w ->\n  m.n v\n{functions}}}\n"
            ),
            // Brackets in strings and comments, an escape at a line's end.
            format!("m {{\n  a.b \"{{[(\" // }}\n  c.d \"x\\\"\n{functions}}}"),
        ];
        for text in &texts {
            assert!(halves_agree(text, usize::MAX), "{text}");
        }
    }

    #[test]
    fn a_split_marker_in_either_half_or_across_the_middle_stops_the_cuts() {
        let functions = "  func.func @f() {\n    return\n  }\n".repeat(4);
        let clean = format!("module {{\n{functions}}}\n");
        assert!(one_pass(&clean).is_some_and(|cuts| cuts.at.len() == 4));
        let marked = format!("module {{\n{functions}}}\n// -----\nmodule {{\n{functions}}}\n");
        assert!(one_pass(&marked).is_none());
        let at = marked.find("// -----").expect("a marker");
        // Halves meeting before, inside (only line starts are meeting points: the
        // marker's own line start), and after the marker.
        for mid in [at - 4, at, at + 1, at + 9] {
            let mid = marked[..mid].rfind('\n').map_or(0, |i| i + 1);
            assert!(
                cut_points_at(&marked, mid).is_none(),
                "halves meeting at {mid}"
            );
        }
        // A marker belongs to the range it starts in, however little of it is there.
        for end in [at + 1, at + 3, at + 7, at + 8] {
            assert!(has_split_marker(&marked, 0..end), "first half up to {end}");
        }
        assert!(!has_split_marker(&marked, 0..at));
        assert!(has_split_marker(&marked, at..marked.len()));
        assert!(!has_split_marker(&marked, at + 1..marked.len()));
    }

    #[test]
    fn absurd_nesting_in_the_second_half_is_scanned_in_one_pass() {
        let text = format!(
            "m {{\n  a.b c\n{}\n  d.e f\n}}\n",
            "[".repeat(MAX_LEVELS + 5)
        );
        assert!(halves_agree(&text, usize::MAX));
        let text = format!(
            "m {{\n  a.b c\n{}\n  d.e f\n}}\n",
            "]".repeat(MAX_LEVELS + 5)
        );
        assert!(halves_agree(&text, usize::MAX));
    }
}
