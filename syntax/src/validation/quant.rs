//! The `quant` dialect's `!quant.uniform<...>` types: the storage, range, scale and axis
//! rules that upstream's type parser and verifier apply as the file is parsed, with their
//! messages and positions. MLIR knows the dialect without being told, so an error here
//! stops `mlir-opt` as a syntax error would.
//!
//! Only a body read in full is judged: a spelling this reader does not know (a storage
//! type alias, a sub-channel block list, nested scale lists, an unusual float type) is
//! left alone, since an error on valid IR is worse than a missed one.

use rowan::{TextRange, TextSize};

use super::context::Context;
use crate::SyntaxKind::{self, *};
use crate::{SyntaxNode, SyntaxToken};

/// The name token a quant type starts with.
pub(super) const UNIFORM: &str = "!quant.uniform";

/// Reports the first error upstream reports on a `!quant.uniform<...>` type.
pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    let Some(name) = node.first_token().filter(|t| t.text() == UNIFORM) else {
        return;
    };
    let Some(body) = node.children().find(|c| c.kind() == DIALECT_BODY) else {
        return;
    };
    let tokens: Vec<SyntaxToken> = body
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .collect();
    let mut reader = Reader { tokens, next: 0 };
    if let Err(Some((message, range))) = uniform(&mut reader, type_name_range(&name)) {
        cx.error(message, range);
    }
}

/// Where upstream's verifier points: the type's name after the dialect (`uniform`).
fn type_name_range(name: &SyntaxToken) -> TextRange {
    let range = name.text_range();
    TextRange::new(range.start() + TextSize::of("!quant."), range.end())
}

/// A finding, or `None` where the body is not one this reader judges.
type Found = Option<(String, TextRange)>;

/// Reads `<storage[<min:max>]:expressed[:axis], params>` and applies the verifier.
fn uniform(r: &mut Reader, name: TextRange) -> Result<(), Found> {
    r.expect(L_ANGLE)?;
    let storage_range = storage(r)?;
    r.expect(COLON)?;
    let expressed = r.expect(BARE_ID)?;
    let range = scale_range(expressed.text()).ok_or(None)?;
    let axis = if r.eat(COLON) {
        Some(r.integer()?.0)
    } else {
        None
    };
    r.expect(COMMA)?;
    if axis.is_some() {
        r.expect(L_BRACE)?;
        loop {
            scale_and_zero_point(r, range)?;
            if !r.eat(COMMA) {
                break;
            }
        }
        r.expect(R_BRACE)?;
    } else {
        scale_and_zero_point(r, range)?;
    }
    r.expect(R_ANGLE)?;
    if r.next < r.tokens.len() {
        return Err(None);
    }
    if let Some((min, max)) = storage_range
        && max <= min
    {
        let message = format!("illegal storage min and storage max: ({min}:{max})");
        return Err(Some((message, name)));
    }
    match axis {
        Some(axis) if axis < 0 => {
            let message = format!("illegal quantized dimension: {axis}");
            Err(Some((message, name)))
        }
        _ => Ok(()),
    }
}

/// `iN` or `uN`, then an optional `<min:max>` within what N bits hold: the range, if one
/// is written.
fn storage(r: &mut Reader) -> Result<Option<(i128, i128)>, Found> {
    let token = r.expect(BARE_ID)?;
    let text = token.text();
    let signed = text.starts_with('i');
    let digits = text.strip_prefix(['i', 'u']).ok_or(None)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(None);
    }
    let width: u32 = digits.parse().map_err(|_| None)?;
    if width == 0 || width > MAX_STORAGE_BITS {
        let message = format!("illegal storage type size: {width}");
        return Err(Some((message, token.text_range())));
    }
    let (default_min, default_max) = if signed {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    } else {
        (0, (1i128 << width) - 1)
    };
    if !r.eat(L_ANGLE) {
        return Ok(None);
    }
    let (min, min_at) = r.integer()?;
    r.expect(COLON)?;
    let (max, max_at) = r.integer()?;
    r.expect(R_ANGLE)?;
    if min < default_min {
        let message = format!("illegal storage type minimum: {min}");
        return Err(Some((message, min_at)));
    }
    if max > default_max {
        let message = format!("illegal storage type maximum: {max}");
        return Err(Some((message, max_at)));
    }
    Ok(Some((min, max)))
}

/// The widest storage type upstream accepts.
const MAX_STORAGE_BITS: u32 = 32;

/// `scale[:zero_point]`, the scale within what the expressed type holds: upstream checks
/// it as soon as it is read, and points at the token after it.
fn scale_and_zero_point(r: &mut Reader, (min, max): (f64, f64)) -> Result<(), Found> {
    let scale = r.float()?;
    if scale < min || scale > max {
        let at = r.peek().map(|t| t.text_range()).ok_or(None)?;
        let message = format!(
            "scale {} out of expressed type range [{}, {}]",
            exponent_form(scale),
            exponent_form(min),
            exponent_form(max)
        );
        return Err(Some((message, at)));
    }
    if r.eat(COLON) {
        r.integer()?;
    }
    Ok(())
}

/// The smallest (denormal) and largest positive values of the float types whose range is
/// known here; `None` for any other type name.
fn scale_range(expressed: &str) -> Option<(f64, f64)> {
    Some(match expressed {
        "f16" => (2f64.powi(-24), 65504.0),
        "bf16" => (2f64.powi(-133), f64::from(f32::from_bits(0x7F7F_0000))),
        "f32" => (f64::from(f32::from_bits(1)), f64::from(f32::MAX)),
        "f64" => (f64::from_bits(1), f64::MAX),
        _ => return None,
    })
}

/// A double as C's `%e` prints it (`1.055040e+05`), as upstream's messages show scales.
fn exponent_form(value: f64) -> String {
    let text = format!("{value:.6e}");
    let Some((mantissa, exponent)) = text.split_once('e') else {
        return text;
    };
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exponent.unsigned_abs())
}

/// The significant tokens of a body, read in order.
struct Reader {
    tokens: Vec<SyntaxToken>,
    next: usize,
}

impl Reader {
    fn peek(&self) -> Option<&SyntaxToken> {
        self.tokens.get(self.next)
    }

    fn at(&self, kind: SyntaxKind) -> bool {
        self.peek().is_some_and(|t| t.kind() == kind)
    }

    fn eat(&mut self, kind: SyntaxKind) -> bool {
        let at = self.at(kind);
        self.next += usize::from(at);
        at
    }

    /// The next token if it is of `kind`; otherwise the body is not judged.
    fn expect(&mut self, kind: SyntaxKind) -> Result<SyntaxToken, Found> {
        let token = self
            .peek()
            .filter(|t| t.kind() == kind)
            .cloned()
            .ok_or(None)?;
        self.next += 1;
        Ok(token)
    }

    /// A decimal integer with an optional `-`, and where it is written (sign included).
    fn integer(&mut self) -> Result<(i128, TextRange), Found> {
        let minus = self.at(MINUS).then(|| self.expect(MINUS)).transpose()?;
        let digits = self.expect(INT_NUMBER)?;
        let value: i128 = digits.text().parse().map_err(|_| None)?;
        let start = minus.as_ref().unwrap_or(&digits).text_range().start();
        let range = TextRange::new(start, digits.text_range().end());
        Ok((if minus.is_some() { -value } else { value }, range))
    }

    /// A float literal with an optional `-`, or the bits of a double written in hex.
    fn float(&mut self) -> Result<f64, Found> {
        let minus = self.eat(MINUS);
        if let Some(token) = self.peek().filter(|t| t.kind() == HEX_NUMBER).cloned() {
            let hex = token
                .text()
                .strip_prefix("0x")
                .filter(|_| !minus)
                .ok_or(None)?;
            self.next += 1;
            let bits = u64::from_str_radix(hex, 16).map_err(|_| None)?;
            return Ok(f64::from_bits(bits));
        }
        let value: f64 = self
            .expect(FLOAT_NUMBER)?
            .text()
            .parse()
            .map_err(|_| None)?;
        Ok(if minus { -value } else { value })
    }
}
