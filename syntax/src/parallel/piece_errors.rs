//! Pieces with syntax errors (see the parent module's doc). A broken statement in the
//! middle of a million-line file would otherwise send the whole file to the sequential
//! parser, doubling the check's time. A piece's errors are what the whole parse finds
//! there when nothing the parser did about them can depend on what lies past the piece:
//!
//! - recovery from an error ends within the piece: clean statements of many tokens
//!   follow the last error, more than the parser ever looks ahead, and the last of them
//!   reads the same with the file's text after the cut (the seam check);
//! - the piece leaves the parser's bracket count as it found it (`parse_piece`);
//! - the file's error cap is not reached, so no error is dropped for the count;
//! - one error per place: the whole parse compares its first parser error with the
//!   file's last lexer error (where a lexer error already stands), which only `join`
//!   knows, so pieces are parsed without that comparison and `join` makes it.

use rowan::{GreenNodeData, GreenTokenData, NodeOrToken, TextSize};

use super::{Element, Piece};
use crate::green_walk::kind_of_raw;
use crate::parser::{ErrorLog, MAX_ERRORS};

/// Non-trivia tokens that must follow a piece's last error: more than any lookahead of
/// the parser (`BRACKET_LOOKAHEAD`, 68), so its recovery was decided within the piece.
const SETTLED_TOKENS: usize = 256;

/// A wrapped piece's errors (in `{piece}`) at their places in the piece; `None` if one
/// is at the wrapping `{`.
pub(super) fn unwrapped(log: ErrorLog) -> Option<ErrorLog> {
    let back = |errors: Vec<crate::SyntaxError>| {
        errors
            .into_iter()
            .map(|mut e| {
                e.range = e.range.checked_sub(TextSize::new(1))?;
                Some(e)
            })
            .collect::<Option<Vec<_>>>()
    };
    Some(ErrorLog {
        lexer: back(log.lexer)?,
        parser: back(log.parser)?,
    })
}

/// Do enough clean tokens follow the last of `errors` in the piece `elements`?
pub(super) fn settled(elements: &[Element], errors: &ErrorLog) -> bool {
    let Some(last_end) = errors
        .lexer
        .iter()
        .chain(&errors.parser)
        .map(|e| e.range.end())
        .max()
    else {
        return true;
    };
    let last_end = usize::from(last_end);
    let mut start = 0;
    let after = elements.iter().filter(|element| {
        let at = start;
        start += super::element_len(element);
        at > last_end
    });
    count_code_tokens(after, SETTLED_TOKENS) >= SETTLED_TOKENS
}

/// How many non-trivia tokens the elements hold, counted up to `enough`.
fn count_code_tokens<'e>(elements: impl Iterator<Item = &'e Element>, enough: usize) -> usize {
    let is_code = |t: &GreenTokenData| usize::from(!kind_of_raw(t.kind()).is_trivia());
    let mut count = 0;
    let mut nodes: Vec<&GreenNodeData> = Vec::new();
    for element in elements {
        match element {
            NodeOrToken::Node(n) => nodes.push(n),
            NodeOrToken::Token(t) => count += is_code(t),
        }
    }
    // Depth-first with a stack: trees may nest deep.
    while let Some(node) = nodes.pop() {
        if count >= enough {
            return enough;
        }
        for child in node.children() {
            match child {
                NodeOrToken::Node(n) => nodes.push(n),
                NodeOrToken::Token(t) => count += is_code(t),
            }
        }
    }
    count.min(enough)
}

/// The errors of `pieces` (which start at `cuts`) as the whole parse reports them, the
/// rest of the file having none; `None` if the file's error cap could be reached.
pub(super) fn join(pieces: &[Piece], cuts: &[usize]) -> Option<ErrorLog> {
    let mut log = ErrorLog {
        lexer: Vec::new(),
        parser: Vec::new(),
    };
    for (piece, &start) in pieces.iter().zip(cuts) {
        let at = TextSize::new(u32::try_from(start).ok()?);
        let shifted = |e: &crate::SyntaxError| {
            let mut e = e.clone();
            e.range += at;
            e
        };
        log.lexer.extend(piece.errors.lexer.iter().map(shifted));
        log.parser.extend(piece.errors.parser.iter().map(shifted));
    }
    // The whole parse starts comparing with the file's last lexer error.
    let last_lexer = log.lexer.last().map(|e| e.range.start());
    if log
        .parser
        .first()
        .map(|e| e.range.start())
        .is_some_and(|at| Some(at) == last_lexer)
    {
        log.parser.remove(0);
    }
    (log.lexer.len() + log.parser.len() < MAX_ERRORS).then_some(log)
}

#[cfg(test)]
mod tests {
    /// A module of `n` functions of a few ops each, as IR dumps have them.
    fn functions(n: usize) -> String {
        let mut text = String::from("module {\n");
        for i in 0..n {
            text += &format!(
                "  func.func @f{i}(%a: i32, %b: memref<4xf32>) -> i32 {{\n    \
                 %c0 = arith.constant 0 : index\n    \
                 %0 = arith.addi %a, %a : i32\n    \
                 %1 = memref.load %b[%c0] : memref<4xf32>\n    \
                 \"t.op\"(%0) {{s = \"x\"}} : (i32) -> ()\n    \
                 return %0 : i32\n  }}\n"
            );
        }
        text + "}\n"
    }

    /// Does `text` parse in pieces as in one, and was it cut with errors (`None`: not cut)?
    fn agree(text: &str) -> Option<bool> {
        let pieces = crate::parse_in_pieces(text, 4, 16 << 10)?;
        assert!(pieces == crate::parse_sequentially(text), "{text}");
        Some(!pieces.errors().is_empty())
    }

    /// `clean` with `from` replaced by `to` at its `n`th occurrence, for each `n`.
    fn broken(clean: &str, from: &str, to: &str, nth: &[usize]) -> String {
        let places: Vec<usize> = clean.match_indices(from).map(|(at, _)| at).collect();
        let mut text = String::new();
        let mut done = 0;
        for &n in nth {
            text += &clean[done..places[n]];
            text += to;
            done = places[n] + from.len();
        }
        text + &clean[done..]
    }

    #[test]
    fn pieces_with_errors_give_the_sequential_parse() {
        let clean = functions(800);
        // Errors that stay in their statement: the file is still cut, once or twice.
        for (from, to) in [
            ("arith.addi %a, %a", "arith.addi \"open %a, %a"),
            ("arith.addi %a, %a", "arith.addi (%a, %a"),
            ("memref.load %b[%c0]", "memref.load %b[%c0"),
            ("memref.load %b[%c0]", "memref.load %b[%c0]]"),
            ("return %0", "return %0 }"),
            ("return %0", "return %0 {"),
        ] {
            for nth in [&[250][..], &[350], &[150, 450]] {
                let text = broken(&clean, from, to, nth);
                assert_eq!(agree(&text), Some(true), "{to} at {nth:?}");
            }
        }
        // Errors that leave a bracket open or end a region early are parsed whole.
        for (from, to) in [
            ("{s = \"x\"}", "{s = \"x}"),
            ("%c0 = arith", "%c0 = $ arith"),
        ] {
            assert_eq!(agree(&broken(&clean, from, to, &[400])), None, "{to}");
        }
    }

    #[test]
    fn a_piece_broken_at_its_end_is_parsed_again_with_what_follows() {
        let clean = functions(800);
        let cuts = crate::parallel::choose_cuts(&clean, 2, 4, 16 << 10).expect("cuts");
        // The last return before the second, the third and the last cut (after which the
        // rest of the file follows, which then takes the broken piece).
        for cut in [cuts[1], cuts[2], cuts[cuts.len() - 1]] {
            let at = clean[..cut].rfind("return %0").expect("a return");
            let text = format!("{}\"{}", &clean[..at], &clean[at..]);
            assert_eq!(agree(&text), Some(true), "broken before {cut}");
        }
    }

    #[test]
    fn random_breaks_give_the_sequential_parse() {
        let clean = functions(600);
        let mut seed: u64 = 7;
        let mut cut_with_errors = 0;
        for _ in 0..300 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let at = (seed >> 33) as usize % clean.len();
            let byte = b"=(}%{:^>\"[,)<]"[(seed >> 7) as usize % 14];
            let mut text = clean.clone().into_bytes();
            if seed & 1 == 0 {
                text.insert(at, byte);
            } else {
                text.remove(at);
            }
            let Ok(text) = String::from_utf8(text) else {
                continue;
            };
            cut_with_errors += usize::from(agree(&text) == Some(true));
        }
        assert!(
            cut_with_errors >= 100,
            "only {cut_with_errors} texts cut with errors"
        );
    }

    #[test]
    fn the_first_parser_error_is_dropped_where_the_file_s_last_lexer_error_stands() {
        use crate::SyntaxError;
        use crate::parser::{ErrorLog, MAX_ERRORS};
        use rowan::TextRange;
        let error = |at: u32| SyntaxError::new("e", TextRange::at(at.into(), 1.into()));
        let piece = |lexer: Vec<u32>, parser: Vec<u32>| super::Piece {
            elements: Vec::new(),
            errors: ErrorLog {
                lexer: lexer.into_iter().map(error).collect(),
                parser: parser.into_iter().map(error).collect(),
            },
        };
        let starts = |log: &ErrorLog| {
            let at = |e: &SyntaxError| u32::from(e.range.start());
            let lexer: Vec<u32> = log.lexer.iter().map(at).collect();
            (lexer, log.parser.iter().map(at).collect::<Vec<u32>>())
        };
        // Pieces at 100 and 200: the whole parse compares its first parser error (105)
        // with the file's last lexer error (105 too): one error per place.
        let pieces = [piece(vec![5], vec![5, 9]), piece(vec![], vec![3])];
        let log = super::join(&pieces, &[100, 200]).expect("under the cap");
        assert_eq!(starts(&log), (vec![105], vec![109, 203]));
        // With a later lexer error, the first parser error stands.
        let pieces = [piece(vec![5], vec![5]), piece(vec![7], vec![])];
        let log = super::join(&pieces, &[100, 200]).expect("under the cap");
        assert_eq!(starts(&log), (vec![105, 207], vec![105]));
        // Errors up to the file's cap are left to the whole parse.
        let many = piece((0..MAX_ERRORS as u32).collect(), vec![]);
        assert!(super::join(&[many], &[0]).is_none());
    }
}
