//! The GPU dialect's `!gpu.mma_matrix<RxCxT, "Op">` types: the static shape upstream's type
//! parser wants, then what `MMAMatrixType`'s verifier rejects (the operand, the rank, the
//! element type), with their messages and positions. MLIR checks them as the file is
//! parsed, so an error here stops `mlir-opt` as a syntax error would.
//!
//! Only a body read in full is judged: a spelling this reader does not know (blanks inside
//! the shape, an alias for the element type, a string with escapes) is left alone.

use rowan::{TextRange, TextSize};

use super::context::Context;
use crate::SyntaxKind::*;
use crate::{SyntaxNode, SyntaxToken};

/// The name token an MMA matrix type starts with.
pub(super) const MMA_MATRIX: &str = "!gpu.mma_matrix";

/// The element types `MMAMatrixType::isValidElementType` accepts, as written (`i32` is
/// any 32-bit integer type to it).
const ELEMENT_TYPES: &[&str] = &["f16", "f32", "f64", "si8", "ui8", "i32", "si32", "ui32"];

/// Reports the first error upstream reports on a `!gpu.mma_matrix<...>` type.
pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    let Some(name) = node.first_token().filter(|t| t.text() == MMA_MATRIX) else {
        return;
    };
    let Some(body) = node.children().find(|c| c.kind() == DIALECT_BODY) else {
        return;
    };
    // The verifier points at the type's name after the dialect (`mma_matrix`).
    let range = name.text_range();
    let name_range = TextRange::new(range.start() + TextSize::of("!gpu."), range.end());
    if let Some((message, at)) = mma_matrix(&body, name_range) {
        cx.error(message, at);
    }
}

/// `<` shape and element type `,` `"operand"` `>`: the parser's error, else the
/// verifier's (at the type's name), else `None` (also for a body not read here).
fn mma_matrix(body: &SyntaxNode, name: TextRange) -> Option<(&'static str, TextRange)> {
    let tokens: Vec<SyntaxToken> = body
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    let comma = top_level_comma(&tokens)?;
    let [operand, close] = &tokens[comma + 1..] else {
        return None;
    };
    if operand.kind() != STRING || close.kind() != R_ANGLE || tokens[0].kind() != L_ANGLE {
        return None;
    }
    let shape_range = TextRange::new(
        tokens.get(1)?.text_range().start(),
        tokens[comma - 1].text_range().end(),
    );
    let shape = &body.text().to_string()[shape_range - body.text_range().start()];
    if shape.contains(char::is_whitespace) {
        return None;
    }
    let (dims, element) = match dimensions(shape) {
        Ok(read) => read,
        Err(at) => {
            let at = TextRange::at(shape_range.start() + at, TextSize::of('?'));
            return Some(("expected static shape", at));
        }
    };
    let operand = operand.text().strip_prefix('"')?.strip_suffix('"')?;
    if !matches!(operand, "AOp" | "BOp" | "COp") {
        return Some(("operand expected to be one of AOp, BOp or COp", name));
    }
    if dims != 2 {
        return Some(("MMAMatrixType must have exactly two dimensions", name));
    }
    if ELEMENT_TYPES.contains(&element) {
        return None;
    }
    let invalid = "MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64";
    is_other_type(element).then_some((invalid, name))
}

/// The index of the comma that ends the shape and element type, outside any brackets
/// of the element type (`tuple<a, b>`).
fn top_level_comma(tokens: &[SyntaxToken]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(1) {
        match token.kind() {
            L_ANGLE | L_PAREN | L_BRACK | L_BRACE => depth += 1,
            R_ANGLE | R_PAREN | R_BRACK | R_BRACE => depth = depth.checked_sub(1)?,
            COMMA if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// `16x16xf16`: how many dimensions, and the element type's text; or where a `?` stands
/// (a static shape is wanted). `Err` for nothing but the `?`.
fn dimensions(shape: &str) -> Result<(usize, &str), TextSize> {
    let mut rest = shape;
    let mut dims = 0;
    loop {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with('x') {
            dims += 1;
            rest = &rest[digits + 1..];
        } else if rest.starts_with("?x") {
            return Err(TextSize::of(&shape[..shape.len() - rest.len()]));
        } else {
            return Ok((dims, rest));
        }
    }
}

/// Is `text` a type that is surely not a valid element type: a builtin keyword type, a
/// builtin type with a body, or a dialect's type? (An alias may stand for a valid one;
/// anything else is no type this reader knows.)
fn is_other_type(text: &str) -> bool {
    if text.contains(char::is_whitespace) {
        return false;
    }
    if crate::grammar::types::is_keyword_type(text) {
        return true;
    }
    let head = text.split('<').next().unwrap_or_default();
    let shaped = crate::grammar::types::is_shaped_keyword(head) && text.ends_with('>');
    shaped || (text.starts_with('!') && head.contains('.'))
}
