//! The shape of a `dense<...>` literal as its nested brackets give it, which MLIR's
//! parser compares with the type the literal is parsed with.

use mlir_syntax::ast::{self, AstNode};

/// `[2, 2]`, as MLIR prints a shape in that message.
pub(super) fn shape_list(shape: &[i64]) -> String {
    let items: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// The shape of a `dense<[[1, 2], [3, 4]]>` literal as nested brackets give it (`[]` for
/// a single value); `None` for a hex string, a ragged literal or anything unexpected.
pub(super) fn dense_literal_shape(dense: &ast::DenseAttr) -> Option<Vec<i64>> {
    let text = dense.syntax().text().to_string();
    let body = text.strip_prefix("dense")?.trim_start().strip_prefix('<')?;
    let end = matching_close(body)?;
    let mut chars = body[..end].trim().chars().peekable();
    chars.peek()?;
    let shape = literal_shape(&mut chars, 0)?;
    chars.next().is_none().then_some(shape)
}

/// The index of the `>` closing `dense<`.
fn matching_close(body: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in body.char_indices() {
        match c {
            '<' | '[' | '(' => depth += 1,
            ']' | ')' => depth = depth.checked_sub(1)?,
            '>' if depth == 0 => return Some(i),
            '>' => depth -= 1,
            '"' => return None,
            _ => {}
        }
    }
    None
}

/// The shape of one element of a literal: a bracketed list of elements of one shape, or
/// a scalar (a number, `true`, a complex `(re, im)`).
fn literal_shape(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    depth: u32,
) -> Option<Vec<i64>> {
    skip_space(chars);
    if depth > 64 {
        return None;
    }
    match chars.peek()? {
        '[' => {
            chars.next();
            skip_space(chars);
            if chars.peek() == Some(&']') {
                chars.next();
                return Some(vec![0]);
            }
            let mut element: Option<Vec<i64>> = None;
            let mut count = 0i64;
            loop {
                let shape = literal_shape(chars, depth + 1)?;
                if element.as_ref().is_some_and(|e| *e != shape) {
                    return None;
                }
                element = Some(shape);
                count += 1;
                skip_space(chars);
                match chars.next()? {
                    ',' => continue,
                    ']' => break,
                    _ => return None,
                }
            }
            let mut shape = vec![count];
            shape.extend(element.unwrap_or_default());
            Some(shape)
        }
        '(' => {
            for c in chars.by_ref() {
                if c == ')' {
                    return Some(Vec::new());
                }
            }
            None
        }
        _ => {
            let mut any = false;
            while chars
                .peek()
                .is_some_and(|c| !matches!(c, ',' | ']' | '[' | '('))
            {
                chars.next();
                any = true;
            }
            any.then(Vec::new)
        }
    }
}

fn skip_space(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    while chars.peek().is_some_and(|c| c.is_whitespace()) {
        chars.next();
    }
}
