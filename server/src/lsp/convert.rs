//! Conversions from `mlir-analysis` results (byte ranges, our enums) to LSP types. No MLIR
//! logic here: each function maps one result type.

use mlir_analysis::ide::{self, FoldKind, HighlightKind, HighlightToken, Modifiers};
use mlir_analysis::{Diagnostic, Severity};
use tower_lsp_server::ls_types::{
    self as lsp, DiagnosticRelatedInformation, DiagnosticSeverity, FoldingRange, FoldingRangeKind,
    Location, NumberOrString, SemanticToken, SemanticTokenModifier, SemanticTokenType,
    SemanticTokensLegend, Uri,
};

use super::positions::PositionMap;

pub fn diagnostic(map: &PositionMap<'_>, uri: &Uri, d: &Diagnostic) -> lsp::Diagnostic {
    let related = d
        .notes
        .iter()
        .map(|note| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), map.range(note.range)),
            message: note.message.clone(),
        })
        .collect::<Vec<_>>();
    lsp::Diagnostic {
        range: map.range(d.range),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("mlir-analyzer".into()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note | Severity::Remark => DiagnosticSeverity::INFORMATION,
        Severity::Hint => DiagnosticSeverity::HINT,
    }
}

/// The symbols with their positions, found in one pass over the text.
pub fn document_symbols(
    map: &PositionMap<'_>,
    symbols: &[ide::DocumentSymbol],
) -> Vec<lsp::DocumentSymbol> {
    fn offsets(symbols: &[ide::DocumentSymbol], out: &mut Vec<mlir_analysis::TextSize>) {
        for s in symbols {
            out.extend([s.range.start(), s.range.end()]);
            out.extend([s.selection_range.start(), s.selection_range.end()]);
            offsets(&s.children, out);
        }
    }
    let mut all = Vec::new();
    offsets(symbols, &mut all);
    let positions = map.positions(&all);
    let mut next = positions
        .chunks_exact(2)
        .map(|p| lsp::Range::new(p[0], p[1]));
    symbols
        .iter()
        .map(|s| document_symbol(s, &mut next))
        .collect()
}

/// One symbol, its ranges taken from `ranges` in the order `document_symbols` listed them.
#[allow(deprecated)] // `deprecated` is a required field of the struct
fn document_symbol(
    s: &ide::DocumentSymbol,
    ranges: &mut impl Iterator<Item = lsp::Range>,
) -> lsp::DocumentSymbol {
    let range = ranges.next().unwrap_or_default();
    let selection_range = ranges.next().unwrap_or_default();
    let children: Vec<_> = s
        .children
        .iter()
        .map(|c| document_symbol(c, ranges))
        .collect();
    lsp::DocumentSymbol {
        name: s.name.clone(),
        detail: s.detail.clone(),
        kind: symbol_kind(s.kind),
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: (!children.is_empty()).then_some(children),
    }
}

pub fn symbol_kind(kind: ide::SymbolKind) -> lsp::SymbolKind {
    match kind {
        ide::SymbolKind::Module => lsp::SymbolKind::MODULE,
        ide::SymbolKind::Namespace => lsp::SymbolKind::NAMESPACE,
        ide::SymbolKind::Function => lsp::SymbolKind::FUNCTION,
        ide::SymbolKind::Variable => lsp::SymbolKind::VARIABLE,
        ide::SymbolKind::Object => lsp::SymbolKind::OBJECT,
    }
}

/// The folds that span lines, their lines found in one pass over the text.
pub fn folding_ranges(map: &PositionMap<'_>, folds: &[ide::FoldRange]) -> Vec<FoldingRange> {
    let offsets: Vec<_> = folds
        .iter()
        .flat_map(|f| [f.range.start(), f.range.end()])
        .collect();
    let positions = map.positions(&offsets);
    folds
        .iter()
        .zip(positions.chunks_exact(2))
        .filter_map(|(fold, lines)| folding_range(fold, lines[0].line, lines[1].line))
        .collect()
}

/// A fold over lines; `None` when it starts and ends on one line. A region's closing
/// bracket stays visible, so it folds up to the line before its last line.
fn folding_range(fold: &ide::FoldRange, start: u32, mut end: u32) -> Option<FoldingRange> {
    if fold.kind == FoldKind::Region && end > start + 1 {
        end -= 1;
    }
    (end > start).then(|| FoldingRange {
        start_line: start,
        end_line: end,
        kind: Some(match fold.kind {
            FoldKind::Region => FoldingRangeKind::Region,
            FoldKind::Comment => FoldingRangeKind::Comment,
        }),
        ..Default::default()
    })
}

/// The token types, in legend order; `HighlightKind`s map into it by `token_type`.
const TOKEN_TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::NAMESPACE,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::new("label"),
    SemanticTokenType::PROPERTY,
    SemanticTokenType::TYPE,
    SemanticTokenType::DECORATOR,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::NUMBER,
    SemanticTokenType::STRING,
    SemanticTokenType::COMMENT,
    SemanticTokenType::TYPE_PARAMETER,
    SemanticTokenType::OPERATOR,
];

const TOKEN_MODIFIERS: &[SemanticTokenModifier] = &[
    SemanticTokenModifier::DECLARATION,
    SemanticTokenModifier::DEFAULT_LIBRARY,
];

pub fn semantic_tokens_legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: TOKEN_MODIFIERS.to_vec(),
    }
}

fn token_type(kind: HighlightKind) -> u32 {
    match kind {
        HighlightKind::Dialect => 0,
        HighlightKind::Operation => 1,
        HighlightKind::Value => 2,
        HighlightKind::Parameter => 3,
        HighlightKind::Block => 4,
        HighlightKind::Symbol => 5,
        HighlightKind::Type => 6,
        HighlightKind::Attribute => 7,
        HighlightKind::Keyword => 8,
        HighlightKind::Number => 9,
        HighlightKind::String => 10,
        HighlightKind::Comment => 11,
        HighlightKind::AffineId => 12,
        HighlightKind::Operator => 13,
    }
}

fn token_modifiers(modifiers: Modifiers) -> u32 {
    let mut bits = 0;
    if modifiers.0 & Modifiers::DECLARATION != 0 {
        bits |= 1;
    }
    if modifiers.0 & Modifiers::DEFAULT_LIBRARY != 0 {
        bits |= 2;
    }
    bits
}

/// Encodes highlight tokens relative to each other, as LSP wants, as they come in file
/// order (their offsets never go back). Tokens spanning lines are dropped.
pub struct TokenEncoder<'m, 'a> {
    positions: super::positions_in_order::InOrder<'m, 'a>,
    previous: (u32, u32),
    pub out: Vec<SemanticToken>,
}

impl<'m, 'a> TokenEncoder<'m, 'a> {
    pub fn new(map: &'m PositionMap<'a>) -> Self {
        TokenEncoder {
            positions: map.in_order(),
            previous: (0, 0),
            out: Vec::new(),
        }
    }

    pub fn push(&mut self, token: &HighlightToken) {
        let start = self.positions.position(token.range.start());
        let end = self.positions.position(token.range.end());
        if start.line != end.line || end.character == start.character {
            return;
        }
        let like = SemanticToken {
            delta_line: 0,
            delta_start: 0,
            length: end.character - start.character,
            token_type: token_type(token.kind),
            token_modifiers_bitset: token_modifiers(token.modifiers),
        };
        self.push_at((start.line, start.character), like);
    }

    /// Appends a token like `like` (its deltas aside) that starts at `start` (line,
    /// character).
    pub fn push_at(&mut self, start: (u32, u32), like: SemanticToken) {
        let (prev_line, prev_start) = self.previous;
        let delta_line = start.0 - prev_line;
        let delta_start = if delta_line == 0 {
            start.1 - prev_start
        } else {
            start.1
        };
        self.out.push(SemanticToken {
            delta_line,
            delta_start,
            ..like
        });
        self.previous = start;
    }

    /// Where `offset` is (the offsets asked for, tokens' included, never go back).
    pub fn position(&mut self, offset: mlir_analysis::TextSize) -> lsp::Position {
        self.positions.position(offset)
    }

    /// Where the last token starts (line, character).
    pub fn previous(&self) -> (u32, u32) {
        self.previous
    }

    /// Appends tokens encoded already (the first of them after the last one here); the
    /// last of them starts at `last`.
    pub fn extend_after(&mut self, tokens: &[SemanticToken], last: (u32, u32)) {
        self.out.extend_from_slice(tokens);
        self.previous = last;
    }
}

/// Nested selection ranges, innermost first, as LSP's linked list.
pub fn selection_range(
    map: &PositionMap<'_>,
    ranges: &[mlir_analysis::TextRange],
) -> lsp::SelectionRange {
    let mut result: Option<lsp::SelectionRange> = None;
    for range in ranges.iter().rev() {
        result = Some(lsp::SelectionRange {
            range: map.range(*range),
            parent: result.map(Box::new),
        });
    }
    result.unwrap_or(lsp::SelectionRange {
        range: lsp::Range::default(),
        parent: None,
    })
}

/// A highlight: definitions are writes, uses are reads.
pub fn highlight(map: &PositionMap<'_>, occurrence: &ide::Occurrence) -> lsp::DocumentHighlight {
    let kind = if occurrence.is_definition {
        lsp::DocumentHighlightKind::WRITE
    } else {
        lsp::DocumentHighlightKind::READ
    };
    lsp::DocumentHighlight {
        range: map.range(occurrence.range),
        kind: Some(kind),
    }
}

/// A completion item that replaces the partly typed name; `rank` keeps our order.
pub fn completion_item(
    map: &PositionMap<'_>,
    item: &ide::CompletionItem,
    rank: usize,
) -> lsp::CompletionItem {
    let kind = match item.kind {
        ide::CompletionKind::Value => lsp::CompletionItemKind::VARIABLE,
        ide::CompletionKind::Block => lsp::CompletionItemKind::REFERENCE,
        ide::CompletionKind::Symbol => lsp::CompletionItemKind::FUNCTION,
        ide::CompletionKind::Alias => lsp::CompletionItemKind::CONSTANT,
        ide::CompletionKind::Op => lsp::CompletionItemKind::FUNCTION,
        ide::CompletionKind::Type => lsp::CompletionItemKind::TYPE_PARAMETER,
        ide::CompletionKind::Keyword => lsp::CompletionItemKind::KEYWORD,
    };
    let documentation = item.documentation.as_ref().map(|text| {
        lsp::Documentation::MarkupContent(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: text.clone(),
        })
    });
    let edit = lsp::TextEdit::new(map.range(item.replace), item.label.clone());
    lsp::CompletionItem {
        label: item.label.clone(),
        kind: Some(kind),
        detail: item.detail.clone(),
        documentation,
        sort_text: Some(format!("{rank:05}")),
        filter_text: Some(item.label.clone()),
        text_edit: Some(lsp::CompletionTextEdit::Edit(edit)),
        ..Default::default()
    }
}
