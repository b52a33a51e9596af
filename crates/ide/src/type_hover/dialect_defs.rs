//! Hover on a dialect's type or attribute (`!llvm.ptr<1>`, `#toy.color<...>`) that a
//! loaded `.td` file defines: its summary, syntax, parameters and description.

use std::fmt::Write;

use mlir_dialects::registry::{DefKind, Registry, TypeDefSpec};
use mlir_syntax::{SyntaxKind::*, SyntaxNode};

/// The documentation of the dialect type or attribute `node` (a `DIALECT_TYPE` or
/// `DIALECT_ATTR`) is a use of, if the registry has one.
pub(super) fn dialect_def_docs(node: &SyntaxNode, registry: &Registry) -> Option<String> {
    let kind = match node.kind() {
        DIALECT_TYPE => DefKind::Type,
        DIALECT_ATTR => DefKind::Attr,
        _ => return None,
    };
    let (dialect, mnemonic) = written_name(node)?;
    let def = registry.type_def(kind, &dialect, &mnemonic)?;
    Some(docs(node, def))
}

/// `llvm` and `ptr` of `!llvm.ptr<1>` (also of the `!llvm<"ptr">`-less pretty form only:
/// the opaque `!llvm<"...">` form names no mnemonic before its body).
fn written_name(node: &SyntaxNode) -> Option<(String, String)> {
    let head = node.first_token()?;
    let name = head.text().get(1..)?;
    let (dialect, rest) = name.split_once('.')?;
    let mnemonic = rest.split(['.', '<']).next()?;
    (!dialect.is_empty() && !mnemonic.is_empty())
        .then(|| (dialect.to_string(), mnemonic.to_string()))
}

fn docs(node: &SyntaxNode, def: &TypeDefSpec) -> String {
    let what = match def.kind {
        DefKind::Type => "type",
        DefKind::Attr => "attribute",
    };
    let mut out = format!("```mlir\n{}\n```\n\n", node.text().to_string().trim());
    let summary = match def.summary.is_empty() {
        true => String::new(),
        false => format!(": {}", def.summary),
    };
    let _ = writeln!(out, "**{}**{summary}", def.key());
    let _ = writeln!(out, "\n{what} of the `{}` dialect", def.dialect);
    if !def.assembly_format.is_empty() {
        let _ = write!(
            out,
            "\n```mlir\n{}{}\n```\n",
            def.key(),
            syntax(&def.assembly_format)
        );
    }
    if !def.parameters.is_empty() {
        out.push_str("\nParameters:\n");
        for param in &def.parameters {
            let about = match param.summary.is_empty() {
                true => String::new(),
                false => format!(": {}", param.summary),
            };
            let _ = writeln!(out, "- `{}` (`{}`){about}", param.name, param.cpp_type);
        }
    }
    if !def.description.is_empty() {
        let _ = write!(out, "\n{}\n", def.description.trim_end());
    }
    if !def.origin.file.is_empty() {
        let _ = write!(
            out,
            "\nDefined in `{}:{}`\n",
            def.origin.file, def.origin.line
        );
    }
    out
}

/// A declarative format as it reads when written: "`<` $element `,` $count `>`" is
/// `<$element, $count>`.
fn syntax(format: &str) -> String {
    let mut out = String::new();
    for piece in format.split_whitespace() {
        let literal = piece.trim_matches('`');
        let tight = matches!(literal, "<" | ">" | "(" | ")" | "[" | "]" | ",")
            || out.ends_with(['<', '(', '['])
            || out.is_empty();
        if !tight && !out.ends_with(' ') {
            out.push(' ');
        }
        out.push_str(literal);
        if literal == "," {
            out.push(' ');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::syntax;

    #[test]
    fn a_format_reads_as_written() {
        assert_eq!(syntax("`<` $element `,` $count `>`"), "<$element, $count>");
        assert_eq!(syntax("`<` struct(params) `>`"), "<struct(params)>");
        assert_eq!(syntax("$value `:` type($x)"), "$value : type($x)");
    }
}
