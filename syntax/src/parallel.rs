//! Parsing a large file on several threads. IR dumps are mostly one op (a module) whose
//! region holds thousands of statements. The region's statements are cut into pieces at
//! line starts where a statement surely begins; each piece is parsed alone as a region
//! (`{` piece `}`) on a thread, the rest of the file (before the first cut and after the
//! last) is parsed with the pieces left out, and the pieces' statements are spliced into
//! that tree's block at the cut. The result must be exactly what the sequential parser
//! gives, so any doubt falls back to it (`None`):
//!
//! - a cut is made only at a line at bracket depth 1 that starts `dialect.op ` or
//!   `%name = op`, whose previous line ends in nothing that asks for more (`,` `=` `:`
//!   `->`) and has no comment: there a custom op before the cut ends (its end rule needs
//!   a line start, a statement start, and no dangling token), and any other op has ended;
//!   a line whose string is left open counts as closing what it opened, as the parser's
//!   recovery does (the checks below catch where it does not);
//! - every piece must parse into one block, ending at its last byte, and leave the
//!   parser's bracket count as it found it; a piece may hold errors if enough clean
//!   statements follow the last of them that the parser's recovery cannot have read past
//!   the cut (`piece_errors`), and the rest of the file holds none; a piece that fails
//!   (an error just before its end) is parsed again joined to the next;
//! - in the tree of the rest, the statement at the cut must be an op in the block of a
//!   top-level op's region, and no error may cross the cut;
//! - files with `// -----` markers are left to the sequential parser (markers end ops).
//!
//! The tests compare both parsers on every corpus file with cuts as dense as possible.

use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

use crate::parser::{ErrorLog, FragmentContext, Parser};
use crate::pool::{join, map_in_turn};
use crate::reparse::{nesting_depth, parse_fragment};
use crate::{
    Parse, StatementVisit, SyntaxError, SyntaxKind, SyntaxKind::*, SyntaxNode, grammar, validation,
};

mod cut_scan;
mod piece_errors;

use cut_scan::cut_points;
pub(crate) use cut_scan::halves_agree as cut_scan_halves_agree;

/// Files smaller than this are parsed on one thread: splitting would not pay.
pub(crate) const MIN_PARALLEL_BYTES: usize = 1 << 20;

/// Parses `text` in `pieces` pieces of at least `min_piece` bytes, on `threads` threads
/// that take them in turn; `None` where the file cannot be cut safely. More pieces than
/// threads keep less of the file lexed at once: a piece's tokens are freed before the
/// next piece is lexed, in memory the allocator has already touched. Each statement of
/// the pieces is passed to `visit` once validated.
pub(crate) fn parse_in_pieces(
    text: &str,
    threads: usize,
    pieces: usize,
    min_piece: usize,
    visit: StatementVisit<'_>,
) -> Option<Parse> {
    let mut cuts = choose_cuts(text, threads, pieces, min_piece)?;
    let first = *cuts.first()?;
    let mut rest_text = rest_of(text, first, *cuts.last()?);
    let spans: Vec<&str> = cuts.windows(2).map(|w| &text[w[0]..w[1]]).collect();
    let (mut rest, mut pieces) = std::thread::scope(|scope| {
        let rest = scope.spawn(|| parse_rest(&rest_text));
        let pieces = map_in_turn(&spans, threads, || (), |(), piece| parse_piece(piece));
        (join(rest), pieces)
    });
    // Pieces failing all over (a broken file) are not parsed again one by one.
    if pieces.iter().filter(|p| p.is_none()).count() > MAX_MENDED {
        return None;
    }
    if pieces.len() > 1 && pieces.last().is_some_and(Option::is_none) {
        // The last piece failed (an error just before the final cut): the rest of the
        // file resumes after it, so it cannot be joined to a next piece. The rest takes
        // it instead, parsed again from where the piece began.
        pieces.pop();
        cuts.pop();
        rest_text = rest_of(text, first, *cuts.last()?);
        rest = parse_rest(&rest_text);
    }
    let last = *cuts.last()?;
    let pieces = mend_failed_pieces(text, &mut cuts, pieces)?;
    // Each seam is parsed again alone: on all cores, as nothing else runs meanwhile.
    let seams: Vec<(usize, usize, &[Element])> = cuts
        .windows(2)
        .zip(&pieces)
        .map(|(w, piece)| (w[0], w[1], piece.elements.as_slice()))
        .collect();
    let agree = |_: &mut (), &(start, end, elements): &(usize, usize, &[Element])| {
        seam_agrees(text, start, end, elements)
    };
    if !map_in_turn(&seams, threads, || (), agree)
        .into_iter()
        .all(|a| a)
    {
        return None;
    }
    let found = if pieces.iter().all(|p| p.errors.is_empty()) {
        shift_errors(rest.found, &rest_text, first, last)?
    } else if rest.found.is_empty() {
        piece_errors::join(&pieces, &cuts)?
    } else {
        // The rest's parser would have met the pieces' errors between its own.
        return None;
    };
    let pieces: Vec<Vec<Element>> = pieces.into_iter().map(|p| p.elements).collect();
    let (green, block_path, index) = splice(text, &rest.green, first, &pieces)?;
    let mut ranges = Vec::new();
    let mut at = index;
    for piece in &pieces {
        ranges.push(at..at + piece.len());
        at += piece.len();
    }
    let checked = validate_in_parts(
        &green,
        &block_path,
        ranges,
        threads,
        rest.checked,
        (first, last),
        visit,
    )?;
    Some(Parse::with_validation(green, found, checked))
}

/// The rest of the file, parsed and validated.
struct Rest {
    green: GreenNode,
    found: ErrorLog,
    checked: Vec<SyntaxError>,
}

fn parse_rest(text: &str) -> Rest {
    let mut p = Parser::new(text);
    grammar::source_file(&mut p);
    let (green, found) = p.finish();
    let root = SyntaxNode::new_root(green.clone());
    let checked = validation::validate_log_with(&root, Vec::new()).errors;
    Rest {
        green,
        found,
        checked,
    }
}

/// Validates the pieces' statements on threads, each with the whole tree as context
/// (passing each to `visit` once validated), and puts their errors between the rest's
/// (which were found on the rest's tree: those after the cut, at `first`, move by the
/// pieces' length, up to `last`). `None` if a rest error touches the cut, where its range
/// could depend on what follows the cut.
fn validate_in_parts(
    green: &GreenNode,
    block_path: &[usize],
    ranges: Vec<std::ops::Range<usize>>,
    threads: usize,
    rest_errors: Vec<SyntaxError>,
    (first, last): (usize, usize),
    visit: StatementVisit<'_>,
) -> Option<validation::ValidationLog> {
    let cut = TextSize::new(u32::try_from(first).ok()?);
    let by = TextSize::new(u32::try_from(last - first).ok()?);
    let validate_part = |root: &mut SyntaxNode, range: &std::ops::Range<usize>| {
        let block = node_at_path(root, block_path)?;
        Some(validation::validate_children(
            root,
            &block,
            range.clone(),
            visit,
        ))
    };
    let new_root = || SyntaxNode::new_root(green.clone());
    let parts = map_in_turn(&ranges, threads, new_root, validate_part);
    let parts = parts
        .into_iter()
        .collect::<Option<Vec<Vec<SyntaxError>>>>()?;
    let mut before = Vec::new();
    let mut after = Vec::new();
    for mut e in rest_errors {
        if e.range.start() < cut && e.range.end() <= cut {
            before.push(e);
        } else if e.range.start() > cut {
            e.range += by;
            after.push(e);
        } else {
            return None;
        }
    }
    let mut errors: Vec<SyntaxError> = before
        .into_iter()
        .chain(parts.concat())
        .chain(after)
        .collect();
    errors.truncate(validation::MAX_ERRORS);
    Some(validation::ValidationLog {
        errors,
        markers: Vec::new(),
    })
}

/// The node reached from `root` by taking the child (node or token) at each index.
fn node_at_path(root: &SyntaxNode, path: &[usize]) -> Option<SyntaxNode> {
    let mut node = root.clone();
    for &i in path {
        node = node.children_with_tokens().nth(i)?.into_node()?;
    }
    Some(node)
}

type Element = NodeOrToken<GreenNode, GreenToken>;

/// The pieces, each that failed parsed again joined to the next (or, the last, to the one
/// before it): an error just before a cut may read differently past it, but not in the
/// middle of a piece. `None` if a joined piece fails too. The cut between joined pieces
/// is dropped from `cuts`.
fn mend_failed_pieces(
    text: &str,
    cuts: &mut Vec<usize>,
    mut pieces: Vec<Option<Piece>>,
) -> Option<Vec<Piece>> {
    let mut i = 0;
    while i < pieces.len() {
        if pieces[i].is_some() {
            i += 1;
            continue;
        }
        // Join with the next piece, or the last with the one before it.
        let first = if i + 1 < pieces.len() {
            i
        } else {
            i.checked_sub(1)?
        };
        let joined = parse_piece(text.get(cuts[first]..cuts[first + 2])?)?;
        pieces[first] = Some(joined);
        pieces.remove(first + 1);
        cuts.remove(first + 1);
        i = first + 1;
    }
    pieces.into_iter().collect()
}

/// How many failed pieces are parsed again, joined to another (or given to the rest).
const MAX_MENDED: usize = 2;

/// The text of the file outside the cut region `first..last`: what `parse_rest` reads.
fn rest_of(text: &str, first: usize, last: usize) -> String {
    format!("{}{}", &text[..first], &text[last..])
}

/// A piece parsed as the statements of a region's block.
struct Piece {
    /// The block's children, then the trivia after them.
    elements: Vec<Element>,
    /// Its errors, at their places in the piece.
    errors: ErrorLog,
}

/// A piece parsed as the statements of a region's block, or `None` if it is not one block
/// of statements, or has errors that could read otherwise in the whole file.
fn parse_piece(piece: &str) -> Option<Piece> {
    let wrapped = format!("{{{piece}}}");
    let context = FragmentContext {
        depth: 0,
        after_op_name: false,
        // The piece's first parser error is not compared with its own lexer errors:
        // `piece_errors::join` compares it with the file's, as the whole parse would.
        after_outside_error: true,
        // A piece starts at a line start, after the `{` it is wrapped in.
        start_column: -1,
    };
    let fragment = parse_fragment(&wrapped, &context)?;
    if fragment.bracket_balance != 0 {
        return None;
    }
    let children: Vec<_> = fragment.green.children().collect();
    let [open, NodeOrToken::Node(block), trivia @ .., close] = children.as_slice() else {
        return None;
    };
    let is = |e: &NodeOrToken<_, _>, kind: SyntaxKind| element_kind(e) == kind;
    if !is(open, L_BRACE) || !is(close, R_BRACE) || crate::green_walk::green_kind(block) != BLOCK {
        return None;
    }
    if !trivia.iter().all(|t| element_kind(t).is_trivia()) {
        return None;
    }
    let mut out: Vec<Element> = block.children().map(|c| c.to_owned()).collect();
    let starts_with_op = out
        .first()
        .is_some_and(|c| matches!(element_kind(c), GENERIC_OP | CUSTOM_OP));
    if !starts_with_op {
        return None;
    }
    out.extend(trivia.iter().map(|t| (*t).to_owned()));
    // Places in the wrapped text are one past those in the piece (its `{`).
    let errors = piece_errors::unwrapped(fragment.errors)?;
    if !errors.is_empty() && !piece_errors::settled(&out, &errors) {
        return None;
    }
    Some(Piece {
        elements: out,
        errors,
    })
}

/// Does the last statement of the piece `text[start..end]` read the same with the file's
/// text after it as with the piece's end? The parser may look past a line end to decide
/// where an op ends (`%2` alone on a line: is it a result list?), so the statement is
/// parsed again, in a region, followed by the lines after the cut up to the farthest
/// token the parser could read; it must come out the same, followed by a statement at
/// the cut.
fn seam_agrees(text: &str, start: usize, end: usize, piece: &[Element]) -> bool {
    let mut offset = start;
    let mut last = None;
    for element in piece {
        if let NodeOrToken::Node(node) = element
            && matches!(element_kind(element), GENERIC_OP | CUSTOM_OP)
        {
            last = Some((offset, node));
        }
        offset += element_len(element);
    }
    last.is_some_and(|(at, statement)| statement_reads_the_same(text, at, statement, end))
}

/// Does the statement `statement` at `at` read the same followed by the file's text from
/// `end` (a cut) on, with a statement starting at `end`?
fn statement_reads_the_same(text: &str, at: usize, statement: &GreenNode, end: usize) -> bool {
    let window_end = decided_at(text, end).map_or(text.len(), |t| line_end(text, t));
    let Some(window) = text.get(at..window_end) else {
        return false;
    };
    let wrapped = format!("{{{window}");
    let line_start = memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |i| i + 1);
    let context = FragmentContext {
        depth: 0,
        after_op_name: false,
        after_outside_error: false,
        // The window's statement stands where it does in the file, after the `{`.
        start_column: (at - line_start) as i64 - 1,
    };
    let mut p = Parser::new_fragment(&wrapped, &context);
    grammar::region_fragment(&mut p, false);
    let (green, errors) = p.finish();
    let cut = end - at + 1;
    // Errors in the statement (before the cut) would not be the piece's (it has none).
    if errors
        .lexer
        .iter()
        .chain(&errors.parser)
        .any(|e| usize::from(e.range.start()) < cut)
    {
        return false;
    }
    let root = SyntaxNode::new_root(green);
    let Some(block) = root
        .first_child()
        .and_then(|region| region.children().find(|c| c.kind() == BLOCK))
    else {
        return false;
    };
    let mut ops = block
        .children()
        .filter(|c| matches!(c.kind(), GENERIC_OP | CUSTOM_OP));
    let same_statement = ops
        .next()
        .is_some_and(|op| op.green().into_owned() == *statement);
    let next_at_cut = ops
        .next()
        .is_some_and(|op| usize::from(op.text_range().start()) == cut);
    same_statement && next_at_cut
}

fn element_len(element: &Element) -> usize {
    let len = match element {
        NodeOrToken::Node(n) => n.text_len(),
        NodeOrToken::Token(t) => t.text_len(),
    };
    usize::from(len)
}

/// The end of the line `at` is on (before its newline).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i)
}

fn element_kind<N, T>(element: &NodeOrToken<N, T>) -> SyntaxKind
where
    N: std::ops::Deref<Target = rowan::GreenNodeData>,
    T: std::ops::Deref<Target = rowan::GreenTokenData>,
{
    let raw = match element {
        NodeOrToken::Node(n) => n.kind(),
        NodeOrToken::Token(t) => t.kind(),
    };
    crate::green_walk::kind_of_raw(raw)
}

/// Puts `pieces` into the tree of the rest, before the op that starts at `cut` (the first
/// statement after the last cut, in the rest's text). Returns the new tree, the path to
/// the block (child indices from the root) and the index of the pieces' first child.
fn splice(
    text: &str,
    rest: &GreenNode,
    cut: usize,
    pieces: &[Vec<Element>],
) -> Option<(GreenNode, Vec<usize>, usize)> {
    let root = SyntaxNode::new_root(rest.clone());
    let at = TextSize::new(u32::try_from(cut).ok()?);
    let token = root.token_at_offset(at).right_biased()?;
    let op = token
        .parent_ancestors()
        .find(|n| matches!(n.kind(), GENERIC_OP | CUSTOM_OP))?;
    let block = op.parent().filter(|b| b.kind() == BLOCK)?;
    let region = block.parent().filter(|r| r.kind() == REGION)?;
    let owner = region.parent()?;
    let top_level = owner.parent().is_some_and(|f| f.kind() == SOURCE_FILE);
    if op.text_range().start() != at || !top_level || nesting_depth(&region) != 0 {
        return None;
    }
    let path = [&block, &region, &owner].map(|n| n.index());
    let index = op.index();
    // The rest's statement before the cut was followed there by the text after the last
    // cut: it must read the same followed by the file's text at the cut.
    if let Some(before) = op.prev_sibling()
        && !statement_reads_the_same(
            text,
            usize::from(before.text_range().start()),
            &before.green().into_owned(),
            cut,
        )
    {
        return None;
    }
    let old: Vec<Element> = block.green().children().map(|c| c.to_owned()).collect();
    let added: usize = pieces.iter().map(Vec::len).sum();
    let mut children = Vec::with_capacity(old.len() + added);
    children.extend(old[..index].iter().cloned());
    children.extend(pieces.iter().flatten().cloned());
    children.extend(old[index..].iter().cloned());
    let new_block = GreenNode::new(BLOCK.into(), children);
    let path = vec![path[2], path[1], path[0]];
    Some((block.replace_with(new_block), path, index))
}

/// The rest's errors placed in the whole file: those after the first cut move by the
/// length of the pieces. `None` if one spans the cut, or ends the code just before it:
/// there an op wanted more (`e<` with its `>` missing), and the piece would have given
/// it more in the sequential parse.
fn shift_errors(mut log: ErrorLog, rest: &str, first: usize, last: usize) -> Option<ErrorLog> {
    let cut = TextSize::new(u32::try_from(first).ok()?);
    let by = TextSize::new(u32::try_from(last - first).ok()?);
    for e in log.lexer.iter_mut().chain(log.parser.iter_mut()) {
        let start = usize::from(e.range.start());
        if start < first && rest.get(start..first)?.trim().is_empty() {
            return None;
        }
        e.range = shifted(e, cut, by)?;
    }
    Some(log)
}

fn shifted(e: &SyntaxError, cut: TextSize, by: TextSize) -> Option<TextRange> {
    let r = e.range;
    // At the cut itself an error could belong to either side.
    if r.start() <= cut && r.end() > cut || r.start() == cut {
        return None;
    }
    Some(if r.start() >= cut { r + by } else { r })
}

/// The byte offsets to cut at (at least two), spread over the longest run of cut points
/// in one depth-1 region so that each piece has about the same size, but for the last
/// pieces (see `targets`).
fn choose_cuts(text: &str, threads: usize, pieces: usize, min_piece: usize) -> Option<Vec<usize>> {
    let region = cut_points(text, threads)?;
    // The parser tells what a `{` opens (region, dictionary, group) from the tokens after
    // it; the rest of the file would show it other tokens past the first cut.
    let decided = decided_at(text, region.open)?;
    let candidates = &region.at[region.at.partition_point(|&at| at <= decided)..];
    let (first, last) = (*candidates.first()?, *candidates.last()?);
    let span = last - first;
    let count = pieces.max(1).min(span / min_piece.max(1));
    if count == 0 {
        return None;
    }
    let mut cuts = vec![first];
    for target in targets(first, span, count, threads) {
        let i = candidates.partition_point(|&c| c < target);
        let at = candidates[i.min(candidates.len() - 1)];
        if at > *cuts.last()? && at < last {
            cuts.push(at);
        }
    }
    cuts.push(last);
    Some(cuts)
}

/// Where to cut `span` bytes from `first` into `count` pieces of one size, with the last
/// `threads` pieces cut in quarters: threads take the pieces in turn, and a whole piece
/// taken last would leave the other threads idle while one parses it.
fn targets(first: usize, span: usize, count: usize, threads: usize) -> Vec<usize> {
    let tail = if threads > 1 && count > 2 * threads {
        threads
    } else {
        0
    };
    let whole = (1..count)
        .filter(|&k| k <= count - tail)
        .map(|k| span * k / count);
    let quarters = (4 * (count - tail) + 1..4 * count).map(|q| span * q / (4 * count));
    whole.chain(quarters).map(|at| first + at).collect()
}

/// How many tokens after a bracket the parser may look at to decide what it opens
/// (`statement_follows` reads a result list of up to 64 tokens, then two more).
const BRACKET_LOOKAHEAD: usize = 68;

/// Where the parser has surely decided what the bracket at `open` opens: the start of the
/// token `BRACKET_LOOKAHEAD` tokens after it (`None` if the text ends before). Lexes a
/// window that doubles until it holds that token, so a long file costs little.
fn decided_at(text: &str, open: usize) -> Option<usize> {
    let mut window = 4096;
    loop {
        let end = (open + window).min(text.len());
        let slice = text.get(open..end)?;
        let (tokens, _) = crate::lexer::lex(slice);
        let mut code = tokens
            .iter()
            .filter(|t| !t.kind.is_trivia() && t.kind != EOF);
        // The window's last token may be cut short: only use a token before it.
        if let (Some(token), Some(_)) = (code.nth(BRACKET_LOOKAHEAD), code.next()) {
            return Some(open + token.start as usize);
        }
        if end == text.len() {
            return None;
        }
        window *= 2;
    }
}

#[cfg(test)]
mod tests {
    /// Cuts where the sequential parser reads on: each must give the sequential tree.
    #[test]
    fn an_op_left_open_before_a_cut_is_parsed_as_a_whole() {
        // Found by the fuzz target: `e<` runs on into the next line, which looks like a
        // statement start (`c. `) to the cut scan.
        for text in [
            "t{e<\nc. \n%r = s",
            "t{e<a\nc.d x\n%r = s\n}",
            "t{e(\nc.d x\n%r = s\n}",
            // Found by the fuzz target: the `{` opens a dictionary (`l. =` after it), but
            // the rest of the file shows it `%t = e` after the cut, a region.
            "l{\nl. =>\n%t = e",
            // Found by the fuzz target: whether `%2` starts a statement is read from the
            // lines after it (`%1 =`), which the piece before the cut does not hold.
            "t(){%=t 0f%\nn(i:!)>(p:.i 2=r)c(u)\"\"():()>()c(\"\"(\"\":0:8))\"\"():()>()c(e(\"\"t\"\":0:8))\n%1 = r\n%2\n%1 = e",
        ] {
            let sequential = crate::parse_sequentially(text);
            if let Some(pieces) = crate::parse_in_pieces(text, 4, 1) {
                assert!(pieces == sequential, "{text:?}");
            }
        }
    }

    /// However long the statements before the first cut, the bracket is decided first.
    #[test]
    fn the_last_pieces_are_cut_in_quarters_when_threads_share_them() {
        assert_eq!(super::targets(0, 100, 4, 1), [25, 50, 75]);
        assert_eq!(super::targets(0, 100, 4, 2), [25, 50, 75]);
        assert_eq!(
            super::targets(10, 100, 5, 2),
            [30, 50, 70, 75, 80, 85, 90, 95, 100, 105]
        );
    }

    #[test]
    fn a_string_left_open_closes_its_line_for_the_cut_scan() {
        // An unterminated string at the start of a big file (issue 2's pathological
        // input): the `{` before it must not hide the module's statements from the scan.
        let ops: String = (0..100).map(|i| format!("  x.op{i} %a\n")).collect();
        let text = format!("\"t.op\"() {{a = \"\nmodule {{\n{ops}}}\n");
        let cuts = super::choose_cuts(&text, 1, 4, 1).expect("cuts");
        assert_eq!(cuts.len(), 5, "{cuts:?}");
        let parse = super::parse_in_pieces(&text, 2, 4, 1, &|_| {}).expect("a parse in pieces");
        assert_eq!(parse, crate::parse_sequentially(&text));
    }

    #[test]
    fn the_first_cut_comes_after_the_brackets_lookahead() {
        let ops: String = (0..40).map(|i| format!("  x.op{i} %a\n")).collect();
        let text = format!("m {{\n{ops}}}\n");
        let cuts = super::choose_cuts(&text, 1, 4, 1).expect("cuts");
        let decided = super::decided_at(&text, 2).expect("enough tokens");
        assert!(cuts[0] > decided, "{cuts:?} vs {decided}");
        // 40 statements hold enough tokens; 10 do not (the parser could still be looking).
        let ops: String = (0..10).map(|i| format!("  x.op{i} %a\n")).collect();
        assert_eq!(
            super::choose_cuts(&format!("m {{\n{ops}}}\n"), 1, 4, 1),
            None
        );
    }
}
