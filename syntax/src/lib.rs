//! `mlir-syntax`: the lossless, error-tolerant lexer and parser of MLIR's textual IR.
//!
//! `parse(text)` never fails: it returns a rowan tree whose text is exactly the input and
//! the syntax errors found, with MLIR's own message texts. The parser knows MLIR's grammar
//! (LangRef, the builtin dialect) but no dialect: custom-form ops are kept as structured
//! sequences whose meaning `mlir-analysis` decides (DESIGN §3.1).

pub mod ast;
mod grammar;
mod green_builder;
#[cfg(test)]
mod green_walk_tests;
mod parallel;
mod parser;
pub mod pool;
pub mod reparse;
pub mod validation;

#[cfg(test)]
mod tests;

pub use grammar::types::{is_integer_type, is_shaped_keyword};
// The lexer and the tree's kinds are the stage before (`mlir-lexer`); every later stage
// reaches them through this crate.
use mlir_lexer::lexer;
pub use mlir_lexer::{
    GreenNode, LexError, MlirLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken,
    TextRange, TextSize, Token, WalkEvent, green, green_walk, lex, op_nodes,
};

/// A syntax error: MLIR's message and the byte range it applies to, and the note MLIR
/// attaches to a few (at the same place).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
    pub note: Option<String>,
}

impl SyntaxError {
    pub fn new(message: impl Into<String>, range: TextRange) -> Self {
        SyntaxError {
            message: message.into(),
            range,
            note: None,
        }
    }

    /// The error with MLIR's note `note` attached.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }
}

/// The result of parsing: a green tree (cheap to clone, `Send`) and its errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parse {
    green: GreenNode,
    errors: Vec<SyntaxError>,
    /// The lexer's and parser's errors as found, which `reparse` rebuilds piecewise.
    found: parser::ErrorLog,
    /// The validation's errors as found, which `reparse` rebuilds piecewise too.
    checked: validation::ValidationLog,
}

impl Parse {
    /// Validates the tree and puts its errors with those found while parsing it.
    fn from_parts(green: GreenNode, found: parser::ErrorLog) -> Parse {
        let checked = validation::validate_log(&SyntaxNode::new_root(green.clone()));
        Parse::with_validation(green, found, checked)
    }

    /// Puts the errors of parsing and of validation together, sorted by position (a
    /// stable sort: at one position, lexer before parser before validation).
    fn with_validation(
        green: GreenNode,
        found: parser::ErrorLog,
        checked: validation::ValidationLog,
    ) -> Parse {
        let mut errors: Vec<SyntaxError> = [&found.lexer, &found.parser, &checked.errors]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        errors.sort_by_key(|e| (e.range.start(), e.range.end()));
        Parse {
            green,
            errors,
            found,
            checked,
        }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    /// A fresh syntax tree root (not `Send`; build one per thread).
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn tree(&self) -> ast::SourceFile {
        ast::SourceFile {
            syntax: self.syntax_node(),
        }
    }

    /// Syntax errors, sorted by position: parse errors and validation errors together.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The errors of the lexer and the parser, where the tree's structure broke (not the
    /// validation's, found in a tree that read whole).
    pub fn structure_errors(&self) -> impl Iterator<Item = &SyntaxError> {
        self.found.lexer.iter().chain(&self.found.parser)
    }

    /// An indented dump of the tree and its errors, for tests and the syntax-tree command.
    pub fn debug_dump(&self) -> String {
        let mut out = debug_tree(&self.syntax_node());
        for e in &self.errors {
            out += &format!("error {:?}: {}\n", e.range, e.message);
        }
        out
    }
}

/// Parses a whole MLIR file (or one `// -----` chunk of it).
pub fn parse(text: &str) -> Parse {
    parse_visiting_statements(text, &|_| {})
}

/// What to do with a statement just validated, on the thread that validated it.
pub type StatementVisit<'a> = &'a (dyn Fn(&rowan::GreenNodeData) + Sync);

/// `parse`, calling `visit` on each statement of the region a large file is parsed in
/// pieces of, right after validating it and on the thread that did: the statement's nodes
/// are then still in that core's cache, where a later walk of the whole tree would fetch
/// them from memory again (three times slower on the bench file). Statements of a file
/// parsed on one thread, and those outside the pieces, are not visited.
pub fn parse_visiting_statements(text: &str, visit: StatementVisit<'_>) -> Parse {
    let threads = pool::threads();
    if text.len() >= parallel::MIN_PARALLEL_BYTES
        && threads > 1
        && let Some(parse) =
            parallel::parse_in_pieces(text, threads, pieces_for(text, threads), 256 << 10, visit)
    {
        return parse;
    }
    parse_sequentially(text)
}

/// How many pieces a large file is parsed in: about a megabyte each, at least four a
/// thread. Small pieces keep a piece's tokens and builder stacks in cache (1 MB pieces
/// parsed the 43 MB bench file 5-10% faster than 4 MB ones); and with few of them the
/// threads finish unevenly (3 pieces on 2 threads left one parsing the third alone, a
/// third of the parse of a 3.6 MB file).
fn pieces_for(text: &str, threads: usize) -> usize {
    (4 * threads).max(text.len() / (1 << 20))
}

/// `parse` in `pieces` pieces of at least `min_piece` bytes, whatever the
/// file's size; `None` where the file cannot be cut safely. For tests that compare it
/// with `parse_sequentially`.
#[doc(hidden)]
pub fn parse_in_pieces(text: &str, pieces: usize, min_piece: usize) -> Option<Parse> {
    parallel::parse_in_pieces(text, pool::threads(), pieces, min_piece, &|_| {})
}

/// Does the cut scan of the parallel parser give the same cut points when it scans the
/// text in two halves, split at up to `tries` places? For tests.
#[doc(hidden)]
pub fn cut_scan_halves_agree(text: &str, tries: usize) -> bool {
    parallel::cut_scan_halves_agree(text, tries)
}

/// `parse` on the current thread only.
pub fn parse_sequentially(text: &str) -> Parse {
    let mut p = parser::Parser::new(text);
    grammar::source_file(&mut p);
    let markers = p.split_marker_offsets();
    let (green, found) = p.finish();
    let checked = validation::validate_log_with(&SyntaxNode::new_root(green.clone()), markers);
    Parse::with_validation(green, found, checked)
}

/// One line per node and token, indented by depth: `KIND@start..end "text"`.
pub fn debug_tree(root: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in root.preorder_with_tokens() {
        match event {
            WalkEvent::Enter(element) => {
                out += &"  ".repeat(depth);
                out += &format!("{:?}@{:?}", element.kind(), element.text_range());
                if let rowan::NodeOrToken::Token(t) = &element {
                    out += &format!(" {:?}", t.text());
                }
                out.push('\n');
                depth += 1;
            }
            WalkEvent::Leave(_) => depth -= 1,
        }
    }
    out
}
