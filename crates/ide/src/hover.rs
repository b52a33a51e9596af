//! Hover for names: a value shows what defines it (op result with its index, block or
//! region argument) and its type where the text gives it; a block its arguments; a symbol
//! the op that defines it, as written up to its body; an alias the value it stands for.
//! Markdown, with MLIR in fenced code blocks. Locations and op names: below.
//!
//! Hover for what is not a name: a location (`loc(...)`, also through a `#loc` alias) says
//! what place it names, and an op name shows the op's documentation from the registry
//! (summary, syntax, description, example) with its operands and results.

use std::fmt::Write;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

use super::navigation::{NameClass, definition, name_at};
use mlir_dialects::registry::{OpSpec, Presence, Registry, Variadicity};
use mlir_hir::ops;

use super::hover_result::HoverResult;

/// Hover at `offset`, with op knowledge (documentation, value types) from `registry`.
pub fn hover(root: &SyntaxNode, offset: TextSize, registry: &Registry) -> Option<HoverResult> {
    let Some((token, class)) = name_at(root, offset) else {
        return location_hover(root, offset)
            .or_else(|| op_hover(root, offset, registry))
            .or_else(|| super::type_hover::type_hover(root, offset, registry));
    };
    let def_range = definition(root, offset).into_iter().next();
    let def = def_range.and_then(|r| {
        root.covering_element(r)
            .into_token()
            .or_else(|| root.token_at_offset(r.start()).right_biased())
    });
    let markdown = match class {
        NameClass::Value => value_hover(&token, def.as_ref())
            .map(|text| with_type(text, root, &token, def.as_ref(), registry)),
        NameClass::Block => block_hover(&token, def.as_ref()),
        NameClass::Symbol => symbol_hover(root, &token, def_range),
        NameClass::TypeAlias | NameClass::AttrAlias => alias_hover(root, &token, def.as_ref()),
    }?;
    Some(HoverResult {
        range: token.text_range(),
        markdown,
    })
}

fn code(text: &str) -> String {
    format!("```mlir\n{}\n```", text.trim())
}

fn value_hover(token: &SyntaxToken, def: Option<&SyntaxToken>) -> Option<String> {
    let Some(def) = def else {
        return Some(format!("{}\n\nundeclared value", code(token.text())));
    };
    let parent = def.parent()?;
    let description = match parent.kind() {
        OP_RESULT => result_description(def, &parent),
        BLOCK_ARG => block_arg_description(&parent),
        _ => argument_description(def),
    };
    Some(format!("{}\n\n{description}", code(def.text())))
}

/// Adds the value's type, where op knowledge gives it and the text above does not show it.
fn with_type(
    text: String,
    root: &SyntaxNode,
    token: &SyntaxToken,
    def: Option<&SyntaxToken>,
    registry: &Registry,
) -> String {
    let result = token
        .parent()
        .and_then(<ast::ValueUse as AstNode>::cast)
        .and_then(|v| v.result_index())
        .unwrap_or(0);
    let Some(ty) = def.and_then(|d| mlir_checks::value_type(root, d, result, registry)) else {
        return text;
    };
    let shown = format!("`{ty}`");
    if text.contains(&shown) {
        text
    } else {
        format!("{text}\n\ntype: {shown}")
    }
}

/// `result #1 of arith.addi`, counting the results of `%a, %b:2 =` groups. Counted in
/// 64 bits: a group may claim up to 2^32 - 1 results (`%x:4294967295`), and several such
/// groups more than 32 bits hold.
fn result_description(def: &SyntaxToken, result: &SyntaxNode) -> String {
    let list = result.parent();
    let index: u64 = list
        .iter()
        .flat_map(|l| l.children())
        .take_while(|r| r != result)
        .map(|r| group_size(&r).unwrap_or(1))
        .sum();
    let op = def.parent_ancestors().find(ops::is_op);
    let op_name = op.as_ref().and_then(ops::op_name).unwrap_or_default();
    // (`%x:0`, which MLIR rejects, names no results to list.)
    let group = group_size(result)
        .filter(|&n| n > 0)
        .map(|n| {
            format!(
                " (results #{index}…#{} as `{}#N`)",
                index + n - 1,
                def.text()
            )
        })
        .unwrap_or_default();
    format!("result #{index} of `{op_name}`{group}")
}

/// How many results `%x:N` names (`None` without `:N`; 1 if `N` is no 32-bit number,
/// which is a syntax error).
fn group_size(result: &SyntaxNode) -> Option<u64> {
    let text = result.text().to_string();
    let count = text.split(':').nth(1)?;
    Some(count.trim().parse::<u32>().map_or(1, u64::from))
}

fn block_arg_description(arg: &SyntaxNode) -> String {
    let label = arg.ancestors().find(|n| n.kind() == BLOCK_LABEL);
    let index = arg
        .parent()
        .map_or(0, |l| l.children().take_while(|a| a != arg).count());
    let block = label
        .and_then(|l| l.first_token())
        .map(|t| t.text().to_string())
        .unwrap_or_default();
    let ty = arg
        .children()
        .find(|c| c.kind() != LOCATION)
        .map(|t| t.text().to_string());
    let ty = ty.map(|t| format!(": `{t}`")).unwrap_or_default();
    format!("argument #{index} of block `{block}`{ty}")
}

/// A region or signature argument declared by a custom op: `%a: i32` in `func.func`.
fn argument_description(def: &SyntaxToken) -> String {
    let op = def.parent_ancestors().find(ops::is_op);
    let op_name = op.as_ref().and_then(ops::op_name).unwrap_or_default();
    let ty = def
        .parent()
        .and_then(|use_| {
            std::iter::successors(use_.next_sibling_or_token(), |e| e.next_sibling_or_token()).find(
                |e| {
                    !e.kind().is_trivia()
                        && e.kind() != COLON
                        && !matches!(e.kind(), LITERAL_ATTR | KEYWORD)
                },
            )
        })
        .filter(|e| {
            e.as_node()
                .is_some_and(|n| n.kind().name().ends_with("_TYPE") || n.kind() == TYPE_ALIAS_REF)
        })
        .map(|e| format!(": `{}`", e));
    format!("argument declared by `{op_name}`{}", ty.unwrap_or_default())
}

fn block_hover(token: &SyntaxToken, def: Option<&SyntaxToken>) -> Option<String> {
    let Some(label) = def
        .and_then(|d| d.parent())
        .filter(|p| p.kind() == BLOCK_LABEL)
    else {
        return Some(format!("{}\n\nundefined block", code(token.text())));
    };
    let block = label.parent()?;
    let region = block.parent()?;
    let index = region.children().take_while(|b| *b != block).count();
    let owner = region
        .ancestors()
        .skip(1)
        .find(ops::is_op)
        .and_then(|o| ops::op_name(&o))
        .unwrap_or_default();
    let label_text = label.text().to_string();
    let name = token.text();
    let blocks: Vec<SyntaxNode> = region.children().filter(|b| b.kind() == BLOCK).collect();
    let predecessors: Vec<String> = blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| successors_of(b).iter().any(|s| s == name))
        .map(|(i, b)| block_name(b, i))
        .collect();
    let successors = successors_of(&block);
    let list = |names: &[String]| match names {
        [] => "none".to_string(),
        _ => names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
    };
    Some(format!(
        "{}\n\nblock #{index} of a region of `{owner}`\n\npredecessors: {}\n\nsuccessors: {}",
        code(label_text.trim_end_matches(':')),
        list(&predecessors),
        list(&successors)
    ))
}

/// The blocks the ops of `block` branch to (not those of the regions nested in them).
fn successors_of(block: &SyntaxNode) -> Vec<String> {
    let mut out = Vec::new();
    let mut walk = block.preorder_with_tokens();
    while let Some(event) = walk.next() {
        match event {
            mlir_syntax::WalkEvent::Enter(rowan::NodeOrToken::Node(n))
                if n.kind() == REGION || n.kind() == BLOCK_LABEL =>
            {
                walk.skip_subtree();
            }
            mlir_syntax::WalkEvent::Enter(rowan::NodeOrToken::Token(t))
                if t.kind() == CARET_ID && !out.iter().any(|s| s == t.text()) =>
            {
                out.push(t.text().to_string());
            }
            _ => {}
        }
    }
    out
}

/// A block's label name, or `#N` for an unlabelled (entry) block.
fn block_name(block: &SyntaxNode, index: usize) -> String {
    block
        .children()
        .find(|c| c.kind() == BLOCK_LABEL)
        .and_then(|l| l.first_token())
        .map_or(format!("#{index}"), |t| t.text().to_string())
}

fn symbol_hover(root: &SyntaxNode, token: &SyntaxToken, def: Option<TextRange>) -> Option<String> {
    let Some(def) = def else {
        return Some(format!(
            "{}\n\nno definition found in this file",
            code(token.text())
        ));
    };
    let op = root.covering_element(def).ancestors().find(ops::is_op)?;
    let header: String = op
        .children_with_tokens()
        .take_while(|e| e.kind() != REGION)
        .map(|e| e.to_string())
        .collect();
    let name = ops::op_name(&op).unwrap_or_default();
    Some(format!("{}\n\ndefined by `{name}`", code(&header)))
}

fn alias_hover(
    root: &SyntaxNode,
    token: &SyntaxToken,
    def: Option<&SyntaxToken>,
) -> Option<String> {
    let Some(def_node) = def
        .and_then(|d| d.parent())
        .filter(|p| matches!(p.kind(), TYPE_ALIAS_DEF | ATTR_ALIAS_DEF))
    else {
        return Some(format!("{}\n\nundefined alias", code(token.text())));
    };
    let what = if def_node.kind() == TYPE_ALIAS_DEF {
        "type alias"
    } else {
        "attribute alias"
    };
    let mut markdown = format!("{}\n\n{what}", code(&def_node.text().to_string()));
    if let Some((canonical, words)) = alias_expansion(root, &def_node) {
        let _ = write!(
            markdown,
            ", which expands to\n\n{}\n\n{words}",
            code(&canonical)
        );
    }
    Some(markdown)
}

/// What an alias definition stands for, with other aliases expanded, and in words.
fn alias_expansion(root: &SyntaxNode, def: &SyntaxNode) -> Option<(String, String)> {
    let aliases = mlir_types::AliasTable::of_file(root);
    let lookup = aliases.lookup();
    if let Some(alias) = ast::TypeAliasDef::cast(def.clone()) {
        let ty = mlir_types::type_of_node(alias.value()?.syntax(), &lookup);
        return super::type_hover::describe_type(&ty);
    }
    let value = ast::AttrAliasDef::cast(def.clone())?.value()?;
    super::type_hover::describe_attr(value.syntax(), &lookup)
}

/// How deep nested locations are described (a fused location of call sites of ...).
const MAX_DEPTH: u32 = 8;

/// Hover on a location, or on a `#loc` alias used as one.
pub fn location_hover(root: &SyntaxNode, offset: TextSize) -> Option<HoverResult> {
    let token = root.token_at_offset(offset).right_biased()?;
    let node = token.parent()?;
    if let Some(alias) = node.ancestors().find(|n| n.kind() == ATTR_ALIAS_REF)
        && alias.ancestors().any(|n| n.kind() == LOCATION)
    {
        let name = alias.first_token()?.text().to_string();
        let value = root
            .children()
            .filter_map(ast::AttrAliasDef::cast)
            .find(|d| d.name_token().is_some_and(|t| t.text() == name))?
            .value()?;
        let text = describe(value.syntax(), 0)?;
        let markdown = format!("`{name}`: {text}");
        let range = alias.text_range();
        return Some(HoverResult { range, markdown });
    }
    let loc = node
        .ancestors()
        .take_while(|n| n.kind().is_location_node())
        .find(|n| n.kind() != LOCATION)?;
    let markdown = describe(&loc, 0)?;
    Some(HoverResult {
        range: loc.text_range(),
        markdown,
    })
}

/// A location in words.
fn describe(node: &SyntaxNode, depth: u32) -> Option<String> {
    if depth > MAX_DEPTH {
        return Some("…".to_string());
    }
    let inner = |n: &SyntaxNode| describe(n, depth + 1);
    let locations = |n: &SyntaxNode| -> Vec<SyntaxNode> {
        n.children()
            .filter(|c| c.kind().is_location_node())
            .collect()
    };
    match node.kind() {
        LOCATION => locations(node).first().and_then(inner),
        UNKNOWN_LOC => Some("unknown location".to_string()),
        FILE_LINE_COL_LOC => {
            let target = super::locations::file_line_col(node)?;
            let (file, line, column) = (target.file, target.line, target.column);
            Some(format!("`{file}`, line {line}, column {column}"))
        }
        NAME_LOC => {
            let loc = ast::NameLoc::cast(node.clone())?;
            let name = loc.name()?;
            match locations(node).first().and_then(inner) {
                Some(child) => Some(format!("named `{name}`, at {child}")),
                None => Some(format!("named `{name}`")),
            }
        }
        CALLSITE_LOC => {
            let parts = locations(node);
            let callee = parts.first().and_then(inner)?;
            let caller = parts.get(1).and_then(inner)?;
            Some(format!("{callee}, called from {caller}"))
        }
        FUSED_LOC => {
            let parts: Vec<String> = locations(node).iter().filter_map(inner).collect();
            let list: String = parts.iter().map(|p| format!("\n- {p}")).collect();
            Some(format!("fused location of {}:{list}", parts.len()))
        }
        _ => None,
    }
}

/// Hover on an op's name: its documentation, if the registry knows the op.
pub fn op_hover(root: &SyntaxNode, offset: TextSize, registry: &Registry) -> Option<HoverResult> {
    let (op, name_token, name) = op_name_at(root, offset)?;
    let dialect = registry.default_dialect_at(&op);
    let spec = registry.resolve(&name, dialect.as_deref())?;
    Some(HoverResult {
        range: name_token.text_range(),
        markdown: op_docs(spec),
    })
}

/// The op whose name token is at `offset`, that token, and the name without quotes.
pub(super) fn op_name_at(
    root: &SyntaxNode,
    offset: TextSize,
) -> Option<(SyntaxNode, SyntaxToken, String)> {
    let token = root.token_at_offset(offset).right_biased()?;
    let op = token
        .parent_ancestors()
        .find(mlir_syntax::op_nodes::is_op)?;
    let name_token = ops::op_name_token(&op)?;
    if name_token != token {
        return None;
    }
    let name = name_token.text().trim_matches('"').to_string();
    Some((op, name_token, name))
}

/// How a value's count is shown after its constraint.
pub(super) fn variadicity_note(variadicity: Variadicity) -> &'static str {
    match variadicity {
        Variadicity::Single => "",
        Variadicity::Optional => " (optional)",
        _ => " (variadic)",
    }
}

/// An op's documentation in Markdown.
pub(crate) fn op_docs(spec: &OpSpec) -> String {
    let mut out = format!("**{}**: {}\n", spec.name, spec.docs.summary);
    if !spec.docs.syntax.is_empty() {
        let _ = write!(out, "\n```mlir\n{}\n```\n", spec.docs.syntax.trim_end());
    }
    let values = |title: &str, list: &[mlir_dialects::registry::ValueSpec], out: &mut String| {
        if list.is_empty() {
            return;
        }
        let _ = write!(out, "\n{title}:\n");
        for (index, value) in list.iter().enumerate() {
            let many = variadicity_note(value.variadicity);
            // ODS lets a value go unnamed (`(outs Index)`): MLIR then calls it by number.
            let name = match value.name.as_str() {
                "" => format!("#{index}"),
                name => format!("`{name}`"),
            };
            let _ = writeln!(out, "- {name}: {}{many}", value.constraint.describe());
        }
    };
    values("Operands", &spec.operands, &mut out);
    values("Results", &spec.results, &mut out);
    attributes(spec, &mut out);
    if !spec.docs.description.is_empty() {
        let _ = write!(out, "\n{}\n", spec.docs.description.trim_end());
    }
    if let Some(example) = spec.docs.examples.first() {
        let _ = write!(out, "\nExample:\n```mlir\n{}\n```\n", example.trim_end());
    }
    if let Some(origin) = &spec.docs.defined_in {
        let _ = write!(out, "\nDefined in `{}:{}`\n", origin.file, origin.line);
    }
    out
}

/// The inherent attributes, each with its constraint in words and whether it may be left
/// out.
fn attributes(spec: &OpSpec, out: &mut String) {
    if spec.attributes.is_empty() {
        return;
    }
    out.push_str("\nAttributes:\n");
    for attr in &spec.attributes {
        let presence = match &attr.presence {
            Presence::Required => String::new(),
            Presence::Optional => " (optional)".into(),
            Presence::Default(value) => format!(" (default `{value}`)"),
        };
        let _ = writeln!(
            out,
            "- `{}`: {}{presence}",
            attr.name,
            attr.constraint.describe()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(fixture: &str) -> String {
        let offset = TextSize::new(fixture.find("$0").expect("$0") as u32);
        let text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        hover(&parse.syntax_node(), offset, Registry::builtin())
            .map(|h| h.markdown)
            .unwrap_or_default()
    }

    #[test]
    fn values() {
        let body = "func.func @f(%a: i32) {\n  %x, %r:2 = \"t.op\"(%a) : (i32) -> (i32, i32, i32)\n  \"t.use\"(%r#1) : (i32) -> ()\n  return\n}\n";
        let implied = "func.func @f(%a: f32) {\n  %c = arith.cmpf oeq, %a, %a : f32\n  \"t.use\"(%c$0) : (i1) -> ()\n  return\n}\n";
        assert!(check(implied).contains("type: `i1`"), "{}", check(implied));
        let result = body.replace("(%r#1)", "(%r$0#1)");
        assert!(
            check(&result).contains("result #1 of `t.op` (results #1…#2 as `%r#N`)"),
            "{}",
            check(&result)
        );
        // Counts past 32 bits are shown without overflowing.
        let huge = "func.func @f() {\n  %x:4294967295, %y:4294967295, %r:2 = \"t.op\"() : () -> i32\n  \"t.use\"(%r$0#1) : (i32) -> ()\n  return\n}\n";
        assert!(
            check(huge).contains("result #8589934590 of `t.op` (results #8589934590…#8589934591"),
            "{}",
            check(huge)
        );
        // `%r:0` (a syntax error) defines nothing to hover, nor lists a group of results.
        let text = "func.func @f() {\n  %x, %r:0 = \"t.op\"() : () -> i32\n  return\n}\n";
        let root = mlir_syntax::parse(text).syntax_node();
        let result = root.descendants().filter(|n| n.kind() == OP_RESULT).nth(1);
        let def = result.as_ref().and_then(|r| r.first_token()).expect("%r");
        let described = result_description(&def, &result.expect("a result"));
        assert!(
            described.starts_with("result #1 of") && !described.contains("results #"),
            "{described}"
        );
        let argument = body.replace("(%a)", "(%a$0)");
        assert!(
            check(&argument).contains("argument declared by `func.func`: `i32`"),
            "{}",
            check(&argument)
        );
    }

    #[test]
    fn blocks_symbols_aliases() {
        let f = "!t = i32\nfunc.func private @g(!t$0)\nfunc.func @f() {\n  cf.br ^bb1\n^bb1:\n  func.call @g() : () -> ()\n  return\n}\n";
        assert!(check(f).contains("!t = i32"));
        let call = f.replace("!t$0", "!t").replace("@g()", "@g$0()");
        assert!(
            check(&call).contains("func.func private @g(!t)"),
            "{}",
            check(&call)
        );
        // An alias shows what it expands to, through other aliases, in words.
        let chain = "!e = f16\n!m = memref<2x!e, 1>\nfunc.func private @g(!m$0)\n";
        assert!(
            check(chain).contains("type alias, which expands to\n\n```mlir\nmemref<2xf16, 1>\n```\n\nmemref of `f16`, rank 1: 2\n- 2 elements of 16 bits (4 bytes)"),
            "{}",
            check(chain)
        );
        let map = "#m = affine_map<(d0) -> (d0)>\n\"t.op\"() {m = #m$0} : () -> ()\n";
        assert!(
            check(map)
                .contains("affine map: 1 dimension (`d0`), no symbols → 1 result (the identity)"),
            "{}",
            check(map)
        );
        let block = f.replace("!t$0", "!t").replace("br ^bb1", "br ^bb1$0");
        assert!(
            check(&block).contains(
                "block #1 of a region of `func.func`\n\npredecessors: `#0`\n\nsuccessors: none"
            ),
            "{}",
            check(&block)
        );
    }
}

#[cfg(test)]
mod ir_tests {
    use super::*;

    fn hover_at(fixture: &str, f: impl Fn(&SyntaxNode, TextSize) -> Option<HoverResult>) -> String {
        let offset = TextSize::new(fixture.find("$0").expect("$0") as u32);
        let text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        f(&parse.syntax_node(), offset)
            .map(|h| h.markdown)
            .unwrap_or_default()
    }

    #[test]
    fn locations_in_words() {
        let text = "\"t.op\"() : () -> () loc(callsite(\"f$0.mlir\":3:4 at fused[\"g.mlir\":1:2, unknown]))\n";
        assert_eq!(hover_at(text, location_hover), "`f.mlir`, line 3, column 4");
        let outer = text
            .replace("f$0.mlir", "f.mlir")
            .replace("callsite", "call$0site");
        assert_eq!(
            hover_at(&outer, location_hover),
            "`f.mlir`, line 3, column 4, called from fused location of 2:\n- `g.mlir`, line 1, column 2\n- unknown location"
        );
        let aliased = "\"t.op\"() : () -> () loc(#l$0oc)\n#loc = loc(\"a\"(\"b.mlir\":5:6))\n";
        assert_eq!(
            hover_at(aliased, location_hover),
            "`#loc`: named `a`, at `b.mlir`, line 5, column 6"
        );
    }

    #[test]
    fn op_documentation() {
        let op_hover = |root: &SyntaxNode, at| op_hover(root, at, Registry::builtin());
        let text = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.ad$0di %a, %a : i32\n  re$1turn %0 : i32\n}\n";
        let addi = hover_at(&text.replace("$1", ""), op_hover);
        assert!(addi.starts_with("**arith.addi**: "), "{addi}");
        assert!(addi.contains("Operands:\n- `lhs`: "), "{addi}");
        assert!(addi.contains("Example:\n```mlir\n"), "{addi}");
        let ret = hover_at(&text.replace("$0", "").replace("$1", "$0"), op_hover);
        assert!(ret.starts_with("**func.return**: "), "{ret}");
        let unknown = "\"t.o$0p\"() : () -> ()\n";
        assert_eq!(hover_at(unknown, op_hover), "");
    }

    #[test]
    fn op_attributes_and_where_the_op_is_defined() {
        let text = "func.func @f(%a: i32) {\n  %0 = arith.cm$0pi eq, %a, %a : i32\n  return\n}\n";
        let registry = Registry::builtin();
        let imported = registry.op("arith.cmpi").cloned().map(|mut spec| {
            spec.docs.defined_in = Some(mlir_dialects::registry::Origin {
                file: "ArithOps.td".into(),
                line: 1234,
            });
            spec
        });
        let plain = hover_at(text, |root, at| op_hover(root, at, registry));
        assert!(plain.contains("\nAttributes:\n- `predicate`: "), "{plain}");
        assert!(!plain.contains("Defined in"), "{plain}");
        // The import overlays the built-in spec: its hooks stay, its origin is shown.
        let import = mlir_dialects::ods::OdsImport {
            ops: imported.into_iter().collect(),
            ..Default::default()
        };
        let overlaid = registry.with_imported(&import);
        let from_td = hover_at(text, |root, at| op_hover(root, at, &overlaid));
        assert!(
            from_td.ends_with("\nDefined in `ArithOps.td:1234`\n"),
            "{from_td}"
        );
    }
}
