//! A document's semantic tokens encoded for LSP, made from the last answer's where the
//! tree kept its functions (`ide::semantic_tokens_by_unit`): an encoded function is the
//! same wherever it moves but for its first token, which is relative to the token before
//! it. A `full/delta` request after a keystroke then encodes the edited function and copies
//! the rest, instead of walking a million-line file's 6 million tokens again.

use std::sync::Arc;

use mlir_analysis::{TextRange, ide};
use tower_lsp_server::ls_types::{Position, SemanticToken};

use super::convert::TokenEncoder;
use super::documents::Snapshot;
use super::positions::PositionMap;

/// A document's last answer, and where each of its units' tokens are in it.
#[derive(Default)]
pub struct UnitTokens {
    base: Arc<Vec<SemanticToken>>,
    memo: ide::TokenUnitMemo<UnitSpan>,
    /// How many units the last answer copied from the one before.
    reused: usize,
}

/// A unit's tokens in an answer (`from..to`), and where its first and last tokens start
/// relative to the unit's start.
#[derive(Clone, Copy)]
pub struct UnitSpan {
    from: usize,
    to: usize,
    first: Relative,
    last: Relative,
}

/// A place relative to a unit's start: lines after it, and the character in its line,
/// counted from the unit's start on the unit's first line.
#[derive(Clone, Copy, Default)]
struct Relative {
    line: u32,
    character: u32,
}

impl Relative {
    fn of(at: (u32, u32), unit: Position) -> Relative {
        let line = at.0 - unit.line;
        let character = if line == 0 {
            at.1 - unit.character
        } else {
            at.1
        };
        Relative { line, character }
    }

    fn at(self, unit: Position) -> (u32, u32) {
        let character = match self.line {
            0 => unit.character + self.character,
            _ => self.character,
        };
        (unit.line + self.line, character)
    }
}

impl UnitTokens {
    /// Every token of `snapshot`, reusing the last answer's units the tree still has; the
    /// answer is kept for the next request.
    pub fn all(&mut self, snapshot: &Snapshot, map: &PositionMap<'_>) -> Arc<Vec<SemanticToken>> {
        let mut encoder = TokenEncoder::new(map);
        // Room for about as many as the last answer had, at once: growing to millions of
        // tokens by doubling cost more (copies, and pages faulted in twice) than the walk.
        encoder.out.reserve(self.base.len() + self.base.len() / 16);
        let mut sink = UnitEncoder {
            encoder,
            base: &self.base,
            open: None,
            reused: 0,
        };
        let root = snapshot.parse.syntax_node();
        ide::semantic_tokens_by_unit(&root, &mut self.memo, &mut sink);
        self.reused = sink.reused;
        self.base = Arc::new(sink.encoder.out);
        self.base.clone()
    }
}

/// Encodes a walk by units, copying the units the last answer (`base`) has.
struct UnitEncoder<'b, 'm, 'a> {
    encoder: TokenEncoder<'m, 'a>,
    base: &'b [SemanticToken],
    /// The unit being encoded: where its tokens start in the answer, where it starts, and
    /// where the token before it starts.
    open: Option<(usize, Position, (u32, u32))>,
    reused: usize,
}

impl ide::UnitSink<UnitSpan> for UnitEncoder<'_, '_, '_> {
    fn token(&mut self, token: ide::HighlightToken) {
        self.encoder.push(&token);
    }

    fn reuse(&mut self, range: TextRange, kept: &UnitSpan) -> Option<UnitSpan> {
        let from = self.encoder.out.len();
        let tokens = self.base.get(kept.from..kept.to)?;
        let Some((first, rest)) = tokens.split_first() else {
            return Some(UnitSpan {
                from,
                to: from,
                ..*kept
            });
        };
        self.reused += 1;
        let unit = self.encoder.position(range.start());
        self.encoder.push_at(kept.first.at(unit), *first);
        self.encoder.extend_after(rest, kept.last.at(unit));
        let to = self.encoder.out.len();
        Some(UnitSpan { from, to, ..*kept })
    }

    fn unit_start(&mut self, range: TextRange) {
        let unit = self.encoder.position(range.start());
        self.open = Some((self.encoder.out.len(), unit, self.encoder.previous()));
    }

    fn unit_end(&mut self, _: TextRange) -> UnitSpan {
        let to = self.encoder.out.len();
        let (from, unit, before) = self
            .open
            .take()
            .unwrap_or((to, Position::default(), (0, 0)));
        let mut span = UnitSpan {
            from,
            to,
            first: Relative::default(),
            last: Relative::default(),
        };
        if let Some(first) = self.encoder.out.get(from) {
            span.first = Relative::of(after(before, first), unit);
            span.last = Relative::of(self.encoder.previous(), unit);
        }
        span
    }
}

/// Where `token` starts (line, character), encoded after a token that starts at `before`.
fn after(before: (u32, u32), token: &SemanticToken) -> (u32, u32) {
    match token.delta_line {
        0 => (before.0, before.1 + token.delta_start),
        lines => (before.0 + lines, token.delta_start),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::doc_text::DocText;
    use crate::lsp::positions::Encoding;
    use mlir_analysis::{AnalysisHost, TextEdit, TextSize};

    fn function(i: usize) -> String {
        format!(
            "  func.func @f{i}(%a: i32, %b: f32) -> i32 {{\n    %c = arith.addi %a, %a : i32\n    \
             %s = \"t.op\"(%b) {{note = \"héllo wörld\"}} : (f32) -> tensor<4xf32> // ünïcode\n    \
             %g = arith.muli %c, %c : i32 // long enough to be a unit of its own\n    \
             %h = arith.subi %g, %c : i32\n    \
             return %c : i32\n  }}\n"
        )
    }

    /// Edits, each at the first occurrence of its needle, that move units by lines and
    /// by characters (two functions share a line), change one, and delete one.
    const EDITS: [(&str, &str); 6] = [
        ("%c = arith.addi", "%z = arith.addi %a, %a : i32\n    "),
        ("  func.func @f3", "\n\n"),
        ("} func.func @f5", "    "),
        ("héllo", "ö"),
        ("func.func @f6", "x"),
        ("  func.func @f1(", "// a comment line\n"),
    ];

    #[test]
    fn tokens_made_from_the_last_answer_equal_a_fresh_encoding() {
        let mut text = String::from("module {\n");
        for i in 0..8 {
            text.push_str(&function(i));
        }
        // Two functions on one line: the second's first token is relative to the first's.
        text = text.replace("  }\n  func.func @f5", "  } func.func @f5");
        text.push_str("}\n");
        let mut host = AnalysisHost::default();
        let mut parse = host.update("f", Arc::from(text.as_str()), None);
        for encoding in [Encoding::Utf16, Encoding::Utf8] {
            let mut units = UnitTokens::default();
            let mut version_text = text.clone();
            let mut version_parse = parse.clone();
            let mut units_at_first = 0;
            for (step, (needle, insert)) in std::iter::once(("", "")).chain(EDITS).enumerate() {
                if step > 0 {
                    let at = version_text.find(needle).expect("needle");
                    let edit = TextEdit::insert(TextSize::new(at as u32), insert);
                    edit.apply(&mut version_text);
                    let whole = Arc::from(version_text.as_str());
                    version_parse = host.update("f", whole, Some(&[edit]));
                }
                let doc = DocText::new(&version_text);
                let snapshot = Snapshot::with_parse(step as i32, doc, version_parse.clone());
                let map = snapshot.positions(encoding);
                let made = units.all(&snapshot, &map);
                let fresh = super::super::requests::all_tokens(&snapshot, &map, None);
                assert_eq!(*made, fresh, "after edit {step} ({needle:?}), {encoding:?}");
                match step {
                    0 => units_at_first = units.memo.len(),
                    1 => assert_eq!(units.reused, units_at_first - 1, "all but the edited one"),
                    _ => {}
                }
            }
            assert!(units_at_first >= 6, "{units_at_first} functions are units");
            parse = host.update("f", Arc::from(text.as_str()), None);
        }
    }
}
