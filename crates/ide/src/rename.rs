//! Rename of values, blocks, symbols and aliases: every occurrence gets the new name, which
//! must be a valid name of the same kind (the sigil may be left out).

use mlir_syntax::{SyntaxNode, TextRange, TextSize};

use super::navigation::{NameClass, name_at, occurrences};

/// The range of the name that can be renamed at `offset`.
pub fn prepare_rename(root: &SyntaxNode, offset: TextSize) -> Result<TextRange, String> {
    match name_at(root, offset) {
        Some((token, _)) => Ok(token.text_range()),
        None => Err("no value, block, symbol or alias here to rename".into()),
    }
}

/// The edits renaming the name at `offset` to `new_name`.
pub fn rename(
    root: &SyntaxNode,
    offset: TextSize,
    new_name: &str,
) -> Result<Vec<(TextRange, String)>, String> {
    let (_, class) =
        name_at(root, offset).ok_or("no value, block, symbol or alias here to rename")?;
    let new_name = with_sigil(class, new_name.trim())?;
    Ok(occurrences(root, offset)
        .into_iter()
        .map(|o| (o.range, new_name.clone()))
        .collect())
}

fn sigil(class: NameClass) -> char {
    match class {
        NameClass::Value => '%',
        NameClass::Block => '^',
        NameClass::Symbol => '@',
        NameClass::TypeAlias => '!',
        NameClass::AttrAlias => '#',
    }
}

/// The new name with its sigil, checked against the lexical rules (L-06, L-07).
fn with_sigil(class: NameClass, name: &str) -> Result<String, String> {
    let sigil = sigil(class);
    let bare = name.strip_prefix(sigil).unwrap_or(name);
    let valid = match class {
        NameClass::Value | NameClass::Block => is_suffix_id(bare),
        NameClass::Symbol => is_symbol_name(bare),
        NameClass::TypeAlias | NameClass::AttrAlias => is_alias_name(bare),
    };
    if valid {
        Ok(format!("{sigil}{bare}"))
    } else {
        Err(format!("'{name}' is not a valid name here"))
    }
}

/// `digit+ | (letter|[$._-])(letter|digit|[$._-])*`.
fn is_suffix_id(s: &str) -> bool {
    let special = |c: char| c.is_ascii_alphabetic() || "$._-".contains(c);
    match s.chars().next() {
        Some(c) if c.is_ascii_digit() => s.chars().all(|c| c.is_ascii_digit()),
        Some(c) if special(c) => s.chars().all(|c| special(c) || c.is_ascii_digit()),
        _ => false,
    }
}

/// `[A-Za-z_][A-Za-z0-9_$.]*`, or a quoted name.
fn is_symbol_name(s: &str) -> bool {
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        return !s[1..s.len() - 1].contains(['"', '\n']);
    }
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c))
}

/// An alias name: a bare-id without dots (dotted names belong to dialects).
fn is_alias_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_$".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(fixture: &str, new_name: &str) -> Result<String, String> {
        let offset = TextSize::new(fixture.find("$0").unwrap() as u32);
        let mut text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        let mut edits = rename(&parse.syntax_node(), offset, new_name)?;
        edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start()));
        for (range, name) in edits {
            text.replace_range(std::ops::Range::<usize>::from(range), &name);
        }
        Ok(text)
    }

    #[test]
    fn renames_every_occurrence_and_checks_names() {
        let f = "func.func @f(%a$0: i32) {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n";
        assert_eq!(
            apply(f, "x").unwrap(),
            "func.func @f(%x: i32) {\n  %0 = arith.addi %x, %x : i32\n  return %0 : i32\n}\n"
        );
        assert_eq!(apply(f, "%y").unwrap().matches("%y").count(), 3);
        assert!(apply(f, "not valid").is_err());
        let sym = "func.func private @g()\nfunc.func @f() {\n  func.call @g$0() : () -> ()\n  return\n}\n";
        assert_eq!(apply(sym, "h").unwrap().matches("@h").count(), 2);
        assert!(apply(sym, "9x").is_err());
    }
}
